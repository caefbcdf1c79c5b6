#!/usr/bin/env python3
"""msccl_gen.py — writes an MSCCL XML program (msccl-tools' "old format": <algo>/<gpu>/<tb>/<step>,
one element a line, two spaces of indent a level) for a test collective, so that readers of
that format (and tests/msccl_ref.py, the reference interpreter) have known-good and known-bad
inputs. Standard library only; the output is a function of the arguments alone.

usage: python3 tests/msccl_gen.py --coll allreduce|allgather|alltoall
           --algo ring|allpairs|gather-bcast --gpus N [--channels C] [--inplace]
           [--mutate none|drop|offset|double] -o FILE

Collectives (one chunk per GPU per destination, MPI layout; "out" is o, or i with --inplace):
  allreduce   i_chunks = o_chunks = N: every GPU's out/j = sum over g of g's i/j.
  allgather   i_chunks = 1, o_chunks = N: every GPU's o/j = GPU j's i/0 (own chunk by cpy).
              --inplace: i_chunks = N, o_chunks = 0, GPU j's chunk starts in its i/j.
  alltoall    i_chunks = o_chunks = N: GPU d's o/g = GPU g's i/d (own chunk by cpy).
              --inplace: i_chunks = N, o_chunks = 0, s_chunks = N: GPU d receives g's chunk
              into s/g and copies it to i/g once i/g has been sent to g.
Algorithms:
  allreduce ring        ring:N. Chunk j starts at GPU j (s of i/j), passes j+1 .. j-2 (rrs,
                        adding each GPU's i/j), completes at j-1 (rrcs: stored and sent on),
                        is spread by j .. j-3 (rcs) and ends at j-2 (r). At ring step t GPU g
                        works on chunk (g - t) mod N, t = 0 .. 2N-2. Chunk j on channel j % C;
                        one tb per GPU and channel, send = g+1, recv = g-1.
  allreduce allpairs    complete:N. GPU g collects chunk g: each other GPU p sends its i/g
                        (channel g % C); g adds the arrivals in peer order g+1, g+2, .. (rrc:
                        the first with src i/g, the others with src out/g, each waiting for the
                        previous one), then sends out/g to every other GPU, which receives it
                        (r) into out/g. One tb per (peer, channel) and direction: send=p recv=-1
                        and send=-1 recv=p.
  allgather ring        ring:N. cpy of the own chunk (tb send=-1 recv=-1); chunk j on channel
                        j % C is sent by j (s), forwarded (rcs) and received last by j-1 (r).
  allgather gather-bcast complete:N, root 0. Every other GPU g sends its chunk to the root
                        (channel g % C), which stores it in o/g; the root then sends the whole
                        output, ONE step of cnt=N, to every other GPU d (channel d % C).
                        Other GPUs get their own chunk back in that broadcast (no cpy).
  alltoall allpairs     complete:N. GPU g sends i/d to d for every d != g, d receives it into
                        o/g; channel (g + d) % C.
Dependencies are derived, as msccl-tools does, from the buffer chunks each step reads and
writes: a step that touches a chunk another tb of its GPU last wrote (or, for a write, read)
gets depid/deps on that step; a step needing two other tbs gets a nop carrying one dependency
before it (one nop per extra tb). At each GPU the tbs are numbered in (send, recv, chan) order,
-1 first (receiving tbs, then sending ones, as msccl-tools sorts them).

Mutations (each one makes the program wrong in a way msccl_ref.py reports as FAIL):
  drop    the chosen `r` of GPU 1 — in its first tb (by id) that has an `r` nothing depends
          on, the last such `r` — is removed (a tb left empty is removed): a chunk is sent that
          nobody receives, and an output chunk is never written (or keeps its input value
          when in-place).
  offset  the last `r` of cnt=1 in the first tb (by id) of GPU 1 that has one (else of GPU 0,
          2, 3, ..) gets dstoff + 1 (mod the buffer's chunks): a chunk lands at the wrong
          offset, and the chunk it should have filled is not written.
  double  allreduce only: the last `r` in the first tb of GPU 1 that has one becomes `rrc`
          with src i/dstoff, GPU 1's own input, which the received sum already contains: that
          contribution is added twice.

Exit 0 written; 2 bad arguments (one line on stderr); 1 the output file cannot be written.
The file is written to FILE.tmp and then renamed to FILE.
"""
import os
import sys

USAGE = """usage: python3 tests/msccl_gen.py --coll allreduce|allgather|alltoall --algo ring|allpairs|gather-bcast
                                 --gpus N [--channels C] [--inplace] [--mutate none|drop|offset|double] -o FILE
  --coll      the collective (allreduce, allgather, alltoall)
  --algo      allreduce: ring, allpairs; allgather: ring, gather-bcast; alltoall: allpairs
  --gpus      N, the number of GPUs (2 .. 1024)
  --channels  C, channels the transfers are spread over (1 .. 64, default 1)
  --inplace   the output is the input buffer (inplace="1", o_chunks="0")
  --mutate    none (default), drop, offset or double (double: allreduce only)
  -o FILE     where to write (through FILE.tmp, renamed)"""

ALGOS = {"allreduce": ("ring", "allpairs"), "allgather": ("ring", "gather-bcast"), "alltoall": ("allpairs",)}
MUTATIONS = ("none", "drop", "offset", "double")
SEND_TYPES = ("s", "rcs", "rrs", "rrcs")
RECV_TYPES = ("r", "rcs", "rrc", "rrs", "rrcs")


class BadArgs(Exception):
    """A bad command line: one line for stderr, exit 2."""


def int_arg(opt, text, lo, hi):
    try:
        v = int(text, 10)
    except ValueError:
        raise BadArgs(f"{opt} {text!r}: not an integer")
    if not lo <= v <= hi:
        raise BadArgs(f"{opt} {text}: must be {lo} .. {hi}")
    return v


def parse_args(argv):
    opts = {"coll": None, "algo": None, "gpus": None, "channels": "1", "inplace": False, "mutate": "none", "out": None}
    names = {"--coll": "coll", "--algo": "algo", "--gpus": "gpus", "--channels": "channels", "--mutate": "mutate",
             "-o": "out", "--output": "out"}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        if a == "--inplace":
            opts["inplace"] = True
            i += 1
            continue
        key, val = a, None
        if a.startswith("--") and "=" in a:
            key, val = a.split("=", 1)
        if key not in names:
            raise BadArgs(f"unknown argument {a!r} (--help for usage)")
        if val is None:
            if i + 1 >= len(argv):
                raise BadArgs(f"{key} needs a value")
            val = argv[i + 1]
            i += 1
        opts[names[key]] = val
        i += 1
    for k, opt in (("coll", "--coll"), ("algo", "--algo"), ("gpus", "--gpus"), ("out", "-o")):
        if opts[k] is None:
            raise BadArgs(f"{opt} is required (--help for usage)")
    if opts["coll"] not in ALGOS:
        raise BadArgs(f"--coll {opts['coll']!r}: expected allreduce, allgather or alltoall")
    if opts["algo"] not in ("ring", "allpairs", "gather-bcast"):
        raise BadArgs(f"--algo {opts['algo']!r}: expected ring, allpairs or gather-bcast")
    if opts["algo"] not in ALGOS[opts["coll"]]:
        raise BadArgs(f"--algo {opts['algo']}: not available for --coll {opts['coll']} "
                      f"(use {' or '.join(ALGOS[opts['coll']])})")
    opts["gpus"] = int_arg("--gpus", opts["gpus"], 2, 1024)
    opts["channels"] = int_arg("--channels", opts["channels"], 1, 64)
    if opts["mutate"] not in MUTATIONS:
        raise BadArgs(f"--mutate {opts['mutate']!r}: expected none, drop, offset or double")
    if opts["mutate"] == "double" and opts["coll"] != "allreduce":
        raise BadArgs(f"--mutate double: only for allreduce (--coll {opts['coll']} adds nothing up)")
    if opts["out"] == "":
        raise BadArgs("-o '': empty file name")
    return opts


def accesses(typ, src, dst, cnt):
    """The (buf, off) chunks a step reads and writes, at its own GPU."""
    def rng(loc):
        return [(loc[0], loc[1] + k) for k in range(cnt)]
    reads, writes = [], []
    if typ == "s":
        reads = rng(src)
    elif typ in ("r", "rcs"):
        writes = rng(dst)          # rcs then sends dst: a read of what this step wrote
    elif typ in ("rrc", "rrcs", "cpy"):
        reads, writes = rng(src), rng(dst)
    elif typ == "rrs":
        reads = rng(src)
    elif typ == "re":
        reads, writes = rng(src) + rng(dst), rng(dst)
    return reads, writes


class Program:
    """Thread blocks per GPU, built by op() calls in an order in which every chunk is written
    before it is read; the hazards between tbs of a GPU become depid/deps."""

    def __init__(self, n, inplace):
        self.n = n
        self.inplace = inplace
        self.tbs = [[] for _ in range(n)]      # per GPU: {"send", "recv", "chan", "steps"}
        self.tbkey = [{} for _ in range(n)]
        self.writer = {}                        # (g, buf, off) -> (tb, step) that last wrote it
        self.readers = {}                       # (g, buf, off) -> {tb: step} read since then
        self.known = {}                         # (g, tb) -> {tb2: step} already waited for
        self.chunks = []                        # per GPU: (i_chunks, o_chunks, s_chunks)

    def tb(self, g, send, recv, chan):
        key = (send, recv, chan)
        if key not in self.tbkey[g]:
            self.tbkey[g][key] = len(self.tbs[g])
            self.tbs[g].append({"send": send, "recv": recv, "chan": chan, "steps": []})
        return self.tbkey[g][key]

    def nop_step(self, dep):
        return {"type": "nop", "src": ("i", -1), "dst": ("i" if self.inplace else "o", -1), "cnt": 0, "dep": dep}

    def op(self, g, t, typ, src=None, dst=None, cnt=1):
        reads, writes = accesses(typ, src, dst, cnt)
        need = {}

        def add(w):
            if w is not None and w[0] != t and w[1] > need.get(w[0], -1):
                need[w[0]] = w[1]
        for c in reads:
            add(self.writer.get((g,) + c))
        for c in writes:
            add(self.writer.get((g,) + c))
            for w in self.readers.get((g,) + c, {}).items():
                add(w)
        known = self.known.setdefault((g, t), {})
        deps = sorted((tb2, st) for tb2, st in need.items() if known.get(tb2, -1) < st)
        steps = self.tbs[g][t]["steps"]
        for d in deps[:-1]:                     # one nop per extra tb waited for
            steps.append(self.nop_step(d))
        for tb2, st in deps:
            known[tb2] = st
        if src is None:
            src = dst                           # informational only (filled in by pair())
        if dst is None:
            dst = src
        steps.append({"type": typ, "src": src, "dst": dst, "cnt": cnt, "dep": deps[-1] if deps else None})
        idx = len(steps) - 1
        for c in reads:
            self.readers.setdefault((g,) + c, {})[t] = idx
        for c in writes:
            self.writer[(g,) + c] = (t, idx)
            self.readers[(g,) + c] = {}

    def pair(self):
        """Fill in the informational fields: a send's dst is where its receiver stores the
        chunk, an r/rcs's src where its sender read it. Checks that the FIFOs balance."""
        sent, recvd = {}, {}
        for g, tbs in enumerate(self.tbs):
            for tb in tbs:
                for st in tb["steps"]:
                    if st["type"] in SEND_TYPES:
                        sent.setdefault((g, tb["send"], tb["chan"]), []).extend([st] * st["cnt"])
                    if st["type"] in RECV_TYPES:
                        recvd.setdefault((tb["recv"], g, tb["chan"]), []).extend([st] * st["cnt"])
        assert sorted(sent) == sorted(recvd), "internal: unpaired FIFOs"
        for key, ss in sent.items():
            rs = recvd[key]
            assert len(ss) == len(rs), f"internal: FIFO {key} sends {len(ss)}, receives {len(rs)}"
            seen = set()
            for s, r in zip(ss, rs):            # each step by its first chunk
                if s["type"] == "s" and id(s) not in seen:
                    s["dst"] = r["dst"]
                if r["type"] in ("r", "rcs") and id(r) not in seen:
                    r["src"] = s["dst" if s["type"] in ("rcs", "rrcs") else "src"]
                seen.update((id(s), id(r)))

    def renumber(self, g, order):
        """Make tb order[k] of GPU g tb k (tbs not in order are dropped)."""
        new = {old: k for k, old in enumerate(order)}
        self.tbs[g] = [self.tbs[g][old] for old in order]
        for tb in self.tbs[g]:
            for st in tb["steps"]:
                if st["dep"] is not None:
                    st["dep"] = (new[st["dep"][0]], st["dep"][1])

    def sort_tbs(self):
        for g in range(self.n):
            order = sorted(range(len(self.tbs[g])),
                           key=lambda k: (self.tbs[g][k]["send"], self.tbs[g][k]["recv"], self.tbs[g][k]["chan"]))
            self.renumber(g, order)

    def dependents(self, g):
        out = set()
        for tb in self.tbs[g]:
            for st in tb["steps"]:
                if st["dep"] is not None:
                    out.add(st["dep"])
        return out

    def last_r(self, g, cnt1, free):
        """The last `r` step (of cnt 1 if cnt1; that nothing depends on if free) of GPU g's
        first tb (by id) that has one: (tb, step) or None."""
        deps = self.dependents(g) if free else set()
        for t, tb in enumerate(self.tbs[g]):
            for s in range(len(tb["steps"]) - 1, -1, -1):
                st = tb["steps"][s]
                if st["type"] == "r" and (t, s) not in deps and (st["cnt"] == 1 or not cnt1):
                    return t, s
        return None

    def delete_step(self, g, t, s):
        """Remove step s of tb t of GPU g (nothing may depend on it), and the tb if empty."""
        del self.tbs[g][t]["steps"][s]
        for tb in self.tbs[g]:
            for st in tb["steps"]:
                if st["dep"] is not None and st["dep"][0] == t and st["dep"][1] > s:
                    st["dep"] = (t, st["dep"][1] - 1)
        if not self.tbs[g][t]["steps"]:
            self.renumber(g, [k for k in range(len(self.tbs[g])) if k != t])


def buf_size(p, g, buf):
    return p.chunks[g][{"i": 0, "o": 1, "s": 2}[buf]]


def mutate(p, how):
    if how == "none":
        return
    if how == "drop":
        hit = p.last_r(1, False, True)
        assert hit, "internal: no step to drop"
        p.delete_step(1, *hit)
        return
    if how == "offset":
        for g in [1, 0] + list(range(2, p.n)):
            hit = p.last_r(g, True, False)
            if hit:
                st = p.tbs[g][hit[0]]["steps"][hit[1]]
                buf, off = st["dst"]
                st["dst"] = (buf, (off + 1) % buf_size(p, g, buf))
                return
        raise AssertionError("internal: no step to offset")
    if how == "double":
        hit = p.last_r(1, True, False)
        assert hit, "internal: no step to double"
        st = p.tbs[1][hit[0]]["steps"][hit[1]]
        st["type"] = "rrc"
        st["src"] = ("i", st["dst"][1])
        return


def allreduce_ring(p, c_n):
    n, out = p.n, "i" if p.inplace else "o"
    for t in range(2 * n - 1):
        for g in range(n):
            j = (g - t) % n
            tb = p.tb(g, (g + 1) % n, (g - 1) % n, j % c_n)
            if t == 0:
                p.op(g, tb, "s", src=("i", j))
            elif t < n - 1:
                p.op(g, tb, "rrs", src=("i", j))
            elif t == n - 1:
                p.op(g, tb, "rrcs", src=("i", j), dst=(out, j))
            elif t < 2 * n - 2:
                p.op(g, tb, "rcs", dst=(out, j))
            else:
                p.op(g, tb, "r", dst=(out, j))


def allreduce_allpairs(p, c_n):
    n, out = p.n, "i" if p.inplace else "o"
    for g in range(n):                           # reduce chunk g at GPU g
        c = g % c_n
        for k in range(1, n):
            q = (g + k) % n
            p.op(q, p.tb(q, g, -1, c), "s", src=("i", g))
            p.op(g, p.tb(g, -1, q, c), "rrc", src=("i" if k == 1 else out, g), dst=(out, g))
    for g in range(n):                           # and send it to everybody
        c = g % c_n
        for k in range(1, n):
            q = (g + k) % n
            p.op(g, p.tb(g, q, -1, c), "s", src=(out, g))
            p.op(q, p.tb(q, -1, g, c), "r", dst=(out, g))


def allgather_ring(p, c_n):
    n = p.n
    if not p.inplace:
        for g in range(n):
            p.op(g, p.tb(g, -1, -1, 0), "cpy", src=("i", 0), dst=("o", g))
    out = "i" if p.inplace else "o"
    for t in range(n):
        for g in range(n):
            j = (g - t) % n
            tb = p.tb(g, (g + 1) % n, (g - 1) % n, j % c_n)
            if t == 0:
                p.op(g, tb, "s", src=("i", g if p.inplace else 0))
            elif t < n - 1:
                p.op(g, tb, "rcs", dst=(out, j))
            else:
                p.op(g, tb, "r", dst=(out, j))


def allgather_gather_bcast(p, c_n):
    n = p.n
    out = "i" if p.inplace else "o"
    if not p.inplace:
        p.op(0, p.tb(0, -1, -1, 0), "cpy", src=("i", 0), dst=("o", 0))
    for g in range(1, n):
        c = g % c_n
        p.op(g, p.tb(g, 0, -1, c), "s", src=("i", g if p.inplace else 0))
        p.op(0, p.tb(0, -1, g, c), "r", dst=(out, g))
    for d in range(1, n):
        c = d % c_n
        p.op(0, p.tb(0, d, -1, c), "s", src=(out, 0), cnt=n)
        p.op(d, p.tb(d, -1, 0, c), "r", dst=(out, 0), cnt=n)


def alltoall_allpairs(p, c_n):
    n = p.n
    if not p.inplace:
        for g in range(n):
            p.op(g, p.tb(g, -1, -1, 0), "cpy", src=("i", g), dst=("o", g))
    for g in range(n):
        for k in range(1, n):
            d = (g + k) % n
            c = (g + d) % c_n
            p.op(g, p.tb(g, d, -1, c), "s", src=("i", d))
            if p.inplace:
                rtb = p.tb(d, -1, g, c)
                p.op(d, rtb, "r", dst=("s", g))
            else:
                p.op(d, p.tb(d, -1, g, c), "r", dst=("o", g))
    if p.inplace:                                # i/g may be overwritten once it was sent
        for d in range(n):
            for k in range(1, n):
                g = (d + k) % n
                p.op(d, p.tb(d, -1, g, (g + d) % c_n), "cpy", src=("s", g), dst=("i", g))


BUILDERS = {("allreduce", "ring"): allreduce_ring, ("allreduce", "allpairs"): allreduce_allpairs,
            ("allgather", "ring"): allgather_ring, ("allgather", "gather-bcast"): allgather_gather_bcast,
            ("alltoall", "allpairs"): alltoall_allpairs}


def chunk_counts(coll, n, inplace):
    """(i_chunks, o_chunks, s_chunks) of every GPU."""
    if coll == "allreduce":
        return (n, 0, 0) if inplace else (n, n, 0)
    if coll == "allgather":
        return (n, 0, 0) if inplace else (1, n, 0)
    return (n, 0, n) if inplace else (n, n, 0)


def render(p, opts):
    n, c_n, coll, inplace = p.n, opts["channels"], opts["coll"], opts["inplace"]
    name = f"{coll}_{opts['algo']}_n{n}_c{c_n}" + ("_inplace" if inplace else "")
    if opts["mutate"] != "none":
        name += "_mutate_" + opts["mutate"]
    counts = p.chunks[0]
    lines = [f'<algo name="{name}" proto="Simple" nchannels="{c_n}" nchunksperloop="{max(counts[0], counts[1])}" '
             f'ngpus="{n}" coll="{coll}" inplace="{1 if inplace else 0}" outofplace="{0 if inplace else 1}" '
             f'minBytes="0" maxBytes="0">']
    for g in range(n):
        ic, oc, sc = p.chunks[g]
        lines.append(f'  <gpu id="{g}" i_chunks="{ic}" o_chunks="{oc}" s_chunks="{sc}">')
        deps = p.dependents(g)
        for t, tb in enumerate(p.tbs[g]):
            lines.append(f'    <tb id="{t}" send="{tb["send"]}" recv="{tb["recv"]}" chan="{tb["chan"]}">')
            for s, st in enumerate(tb["steps"]):
                depid, dstep = st["dep"] if st["dep"] is not None else (-1, -1)
                lines.append(f'      <step s="{s}" type="{st["type"]}" srcbuf="{st["src"][0]}" srcoff="{st["src"][1]}" '
                             f'dstbuf="{st["dst"][0]}" dstoff="{st["dst"][1]}" cnt="{st["cnt"]}" '
                             f'depid="{depid}" deps="{dstep}" hasdep="{1 if (t, s) in deps else 0}"/>')
            lines.append("    </tb>")
        lines.append("  </gpu>")
    lines.append("</algo>")
    return "\n".join(lines) + "\n"


def generate(opts):
    p = Program(opts["gpus"], opts["inplace"])
    p.chunks = [chunk_counts(opts["coll"], p.n, p.inplace)] * p.n
    BUILDERS[(opts["coll"], opts["algo"])](p, opts["channels"])
    p.pair()
    p.sort_tbs()
    mutate(p, opts["mutate"])
    return render(p, opts)


def main(argv):
    try:
        opts = parse_args(argv)
    except BadArgs as e:
        print(f"msccl_gen.py: {e}", file=sys.stderr)
        return 2
    text = generate(opts)
    out = opts["out"]
    tmp = out + ".tmp"
    try:
        with open(tmp, "w", encoding="ascii", newline="\n") as f:
            f.write(text)
        os.replace(tmp, out)
    except OSError as e:
        print(f"msccl_gen.py: cannot write {out}: {e.strerror or e}", file=sys.stderr)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
