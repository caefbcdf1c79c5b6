/* golden.c — golden traces (see golden.h). */
#include "format/golden.h"

#include <stdlib.h>

#include "util/grow.h"
#include "util/memlimit.h"
#include "model/payload.h"
#include "model/reduce_op.h"
#include "format/tsv.h"

int golden_write_wire(FILE *f, const char *header, const sched *s) {
  if (header) fputs(header, f);
  return tsv_write(f, s, false);
}

typedef struct {
  sched_row *rows;
  size_t n, cap;
  uint32_t nodes;
  uint64_t *seen; /* broadcast: bit (node, origin, piece) already received */
  bool personalized;
  uint32_t pieces; /* pmnb split into pieces (fraction): each piece is delivered; else 1 */
} delivery_ctx;

static int collect_delivery(void *ctx, const sched_row *r) {
  delivery_ctx *d = ctx;
  if (d->personalized) {
    if (r->dest != (int32_t)r->dst) return 0;
  } else {
    /* kbcast's counters and terminations are not delivered, nor a packet back at its origin;
     * a split packet's pieces (dest = the piece) each on its first arrival */
    if (r->dest < -1 || r->origin == r->dst) return 0;
    uint64_t bit = ((uint64_t)r->dst * d->nodes + r->origin) * d->pieces + (d->pieces > 1 ? (uint32_t)r->dest : 0);
    if (d->seen[bit / 64] >> (bit % 64) & 1) return 0;
    d->seen[bit / 64] |= 1ull << (bit % 64);
  }
  sched_row *rows = grow_array(d->rows, &d->cap, d->n, sizeof *rows, 1024);
  if (!rows) return 1;
  d->rows = rows;
  d->rows[d->n++] = *r;
  return 0;
}

static int by_delivery(const void *a, const void *b) {
  const sched_row *x = a, *y = b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  if (x->dst != y->dst) return x->dst < y->dst ? -1 : 1;
  if (x->origin != y->origin) return x->origin < y->origin ? -1 : 1;
  return x->dest < y->dest ? -1 : x->dest > y->dest;
}

/* pieces per packet: the schedule's fraction for a split pmnb, else 1 */
static uint32_t pieces_of(const sched *s) { return s->task == TASK_PMNB && s->fraction > 1 ? s->fraction : 1; }

/* every delivery is kept and sorted: at most one per node and origin (and destination, or
 * piece); a combining task keeps a count, a completion slot and a delivery per node and chunk */
int golden_deliveries_fit(const sched *s, char *err, size_t errlen) {
  uint64_t n = s->topo.nodes, bytes;
  if (task_combines(s->task))
    return mem_check(n * task_chunks(s->task, s->topo.nodes), 2 * sizeof(uint32_t) + sizeof(golden_completion),
                     "the golden partial sums", &bytes, err, errlen);
  return mem_check(n * n * pieces_of(s), sizeof(sched_row), "the golden delivery list", &bytes, err, errlen);
}

/* ---- combining tasks: the partial sums as counts of contributions ---- */

typedef struct {
  uint32_t src, dst, chunk, count;
  bool move;
} count_word;

typedef struct {
  const topo *t;
  uint32_t n, chunks, slot;
  uint32_t *count;      /* (node, chunk): contributions its partial holds */
  uint32_t *complete;   /* (node, chunk): the slot from whose end on it is complete, 0 if not */
  uint32_t *prev_count; /* dst * ports + port towards src: the word received in prev_slot */
  uint32_t *prev_slot;
  count_word *cur;      /* the words of the current slot */
  size_t ncur, cap;
} count_ctx;

/* The end of the current slot: moved partials leave their senders, then every word is added. */
static void count_end_slot(count_ctx *c) {
  for (size_t i = 0; i < c->ncur; i++) {
    const count_word *w = &c->cur[i];
    size_t at = (size_t)w->src * c->chunks + w->chunk;
    if (w->move) c->count[at] = c->complete[at] = 0;
  }
  for (size_t i = 0; i < c->ncur; i++) {
    const count_word *w = &c->cur[i];
    size_t at = (size_t)w->dst * c->chunks + w->chunk;
    size_t link = (size_t)w->dst * c->t->ports + (size_t)topo_port_to(c->t, w->dst, w->src);
    c->count[at] += w->count;
    if (c->count[at] == c->n) c->complete[at] = c->slot;
    c->prev_count[link] = w->count;
    c->prev_slot[link] = c->slot;
  }
  c->ncur = 0;
}

static int count_row(void *ctx, const sched_row *r) {
  count_ctx *c = ctx;
  if (r->slot != c->slot) count_end_slot(c);
  c->slot = r->slot;
  count_word *w = grow_array(c->cur, &c->cap, c->ncur, sizeof *w, 256);
  if (!w) return 1;
  c->cur = w;
  w = &c->cur[c->ncur++];
  *w = (count_word){r->src, r->dst, (uint32_t)r->dest, 0, r->origin == ORIGIN_MOVE};
  if (r->origin == ORIGIN_MOVE || r->origin == ORIGIN_COPY) {
    w->count = c->count[(size_t)r->src * c->chunks + w->chunk];
  } else { /* the word src received from origin in the previous slot, passed on */
    size_t link = (size_t)r->src * c->t->ports + (size_t)topo_port_to(c->t, r->src, r->origin);
    w->count = c->prev_slot[link] + 1 == r->slot ? c->prev_count[link] : 0;
  }
  return 0;
}

static int by_completion(const void *a, const void *b) {
  const golden_completion *x = a, *y = b;
  if (x->slot != y->slot) return x->slot < y->slot ? -1 : 1;
  if (x->node != y->node) return x->node < y->node ? -1 : 1;
  return x->chunk < y->chunk ? -1 : x->chunk > y->chunk;
}

int golden_completions(const sched *s, golden_completion **out, size_t *n) {
  char why[200];
  *out = NULL;
  *n = 0;
  if (golden_deliveries_fit(s, why, sizeof why)) return -1;
  const topo *t = &s->topo;
  uint64_t cells = (uint64_t)t->nodes * task_chunks(s->task, t->nodes), links = (uint64_t)t->nodes * (uint64_t)t->ports;
  count_ctx c = {t, t->nodes, task_chunks(s->task, t->nodes), 0, calloc(cells, sizeof(uint32_t)),
                 calloc(cells, sizeof(uint32_t)), calloc(links, sizeof(uint32_t)), calloc(links, sizeof(uint32_t)),
                 NULL, 0, 0};
  int rc = -1;
  if (!c.count || !c.complete || !c.prev_count || !c.prev_slot) goto out;
  for (uint64_t i = 0; i < cells; i++) c.count[i] = 1; /* every node's own contribution */
  if (sched_foreach(s, count_row, &c)) goto out;
  count_end_slot(&c);
  size_t results = 0;
  for (uint32_t v = 0; v < c.n; v++)
    for (uint32_t k = 0; k < c.chunks; k++) results += task_result_at(s->task, s->root, v, k);
  *out = malloc((results ? results : 1) * sizeof **out);
  if (!*out) goto out;
  for (uint32_t v = 0; v < c.n; v++)
    for (uint32_t k = 0; k < c.chunks; k++)
      if (task_result_at(s->task, s->root, v, k))
        (*out)[(*n)++] = (golden_completion){c.complete[(size_t)v * c.chunks + k], v, k};
  qsort(*out, *n, sizeof **out, by_completion);
  rc = 0;
out:
  free(c.count);
  free(c.complete);
  free(c.prev_count);
  free(c.prev_slot);
  free(c.cur);
  return rc;
}

/* deliveries.tsv of a combining task: each completion with the op-combined contributions */
static int write_combined(FILE *f, const sched *s, uint32_t seed, int payload_width, romnoc_op op) {
  golden_completion *done;
  size_t n;
  if (golden_completions(s, &done, &n)) return -1;
  unsigned width = (unsigned)payload_width, words = romnoc_op_words(width);
  uint32_t chunks = task_chunks(s->task, s->topo.nodes);
  uint32_t *sum = malloc((size_t)chunks * words * sizeof *sum), *x = malloc(words * sizeof *x);
  char *hex = malloc(width / 4 + 2);
  bool *have = calloc(chunks, sizeof *have);
  int rc = -1;
  if (!sum || !x || !hex || !have) goto out;
  fprintf(f, "slot\tnode\tchunk\tvalue\n");
  for (size_t i = 0; i < n; i++) {
    uint32_t k = done[i].chunk, *acc = sum + (size_t)k * words;
    if (!have[k]) { /* the whole sum of chunk k, computed once */
      romnoc_op_identity(op, acc, width);
      for (uint32_t u = 0; u < s->topo.nodes; u++) {
        romnoc_contribution(seed, u, k, width, x);
        romnoc_op_apply(op, acc, x, width);
      }
      have[k] = true;
    }
    fprintf(f, "%u\t%u\t%u\t%s\n", (unsigned)done[i].slot, (unsigned)done[i].node, (unsigned)k, romnoc_op_hex(acc, width, hex));
  }
  rc = 0;
out:
  free(done);
  free(sum);
  free(x);
  free(hex);
  free(have);
  return rc;
}

int golden_write_deliveries(FILE *f, const char *header, const sched *s, uint32_t seed, int payload_width, int op) {
  delivery_ctx d = {NULL, 0, 0, s->topo.nodes, NULL, task_is_personalized(s->task), pieces_of(s)};
  char why[200];
  if (golden_deliveries_fit(s, why, sizeof why)) return -1;
  if (task_combines(s->task)) {
    if (header) fputs(header, f);
    fprintf(f, "# topo=%s\n# task=%s\n# model=%s\n# op=%s\n# seed=%u\n# width=%d\n", s->topo.name, task_name(s->task),
            model_name(s->model), romnoc_op_names[op], (unsigned)seed, payload_width);
    return write_combined(f, s, seed, payload_width, (romnoc_op)op) || fflush(f) || ferror(f) ? -1 : 0;
  }
  if (!d.personalized) {
    d.seen = calloc(((uint64_t)s->topo.nodes * s->topo.nodes * d.pieces + 63) / 64, sizeof *d.seen);
    if (!d.seen) return -1;
  }
  char *hex = malloc((size_t)payload_width / 4 + 2);
  int rc = !hex || sched_foreach(s, collect_delivery, &d) ? -1 : 0;
  if (!rc) {
    qsort(d.rows, d.n, sizeof *d.rows, by_delivery);
    if (header) fputs(header, f);
    fprintf(f, "# topo=%s\n# task=%s\n# model=%s\n# seed=%u\n# width=%d\nslot\tnode\torigin\tdest\tpayload\n", s->topo.name,
            task_name(s->task), model_name(s->model), (unsigned)seed, payload_width);
    for (size_t i = 0; i < d.n; i++) {
      const sched_row *r = &d.rows[i];
      fprintf(f, "%u\t%u\t%u\t%d\t%s\n", (unsigned)r->slot, (unsigned)r->dst, (unsigned)r->origin, (int)r->dest,
              romnoc_payload_hex(seed, r->origin, r->dest, (unsigned)payload_width, hex));
    }
    if (fflush(f) || ferror(f)) rc = -1;
  }
  free(hex);
  free(d.rows);
  free(d.seen);
  return rc;
}
