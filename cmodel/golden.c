/* golden.c — golden traces (see golden.h). */
#include "golden.h"

#include <stdlib.h>

#include "grow.h"
#include "memlimit.h"
#include "payload.h"
#include "tsv.h"

int golden_write_wire(FILE *f, const char *header, const sched *s) {
  if (header) fputs(header, f);
  return tsv_write(f, s, false);
}

typedef struct {
  sched_row *rows;
  size_t n, cap;
  uint32_t nodes;
  uint64_t *seen; /* broadcast: bit (node, origin) already received */
  bool personalized;
} delivery_ctx;

static int collect_delivery(void *ctx, const sched_row *r) {
  delivery_ctx *d = ctx;
  if (d->personalized) {
    if (r->dest != (int32_t)r->dst) return 0;
  } else {
    uint64_t bit = (uint64_t)r->dst * d->nodes + r->origin;
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

/* every delivery is kept and sorted: at most one per node and origin (and destination) */
int golden_deliveries_fit(const sched *s, char *err, size_t errlen) {
  uint64_t n = s->topo.nodes, bytes;
  return mem_check(n * n, sizeof(sched_row), "the golden delivery list", &bytes, err, errlen);
}

int golden_write_deliveries(FILE *f, const char *header, const sched *s, uint32_t seed, int payload_width) {
  delivery_ctx d = {NULL, 0, 0, s->topo.nodes, NULL, task_is_personalized(s->task)};
  char why[200];
  if (golden_deliveries_fit(s, why, sizeof why)) return -1;
  if (!d.personalized) {
    d.seen = calloc(((uint64_t)s->topo.nodes * s->topo.nodes + 63) / 64, sizeof *d.seen);
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
