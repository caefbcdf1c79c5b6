#!/usr/bin/env python3
"""msccl_ref.py — a small reference interpreter for MSCCL XML programs (msccl-tools' "old
format": <algo>/<gpu>/<tb>/<step>). It runs the program on random inputs and checks every
GPU's output against the MPI layout of the file's `coll`. Standard library only; independent
of the rest of romnoc.

usage: python3 tests/msccl_ref.py [--seed S] [--no-race] FILE.xml...

Inputs: every chunk of every GPU's input buffer holds a random 64-bit value (from --seed,
default 1); values add modulo 2**64. Each value also carries the multiset of input chunks
(gpu, i/offset) it is the sum of, so a wrong chunk names what is missing, doubled or foreign.
Output and scratch chunks start unwritten. inplace="1": the output is the input buffer
(buffer o is taken as i).

Execution: every <tb> is a sequential program. The interpreter sweeps all tbs round-robin
(GPU by GPU, tb by tb), running a tb's next step when it can: its depid/deps step has
completed, and its receive part (r, rcs, rrc, rrs, rrcs) finds cnt chunks in the FIFO from
(tb's recv, this GPU, chan). A send part (s, rcs, rrs, rrcs) pushes cnt chunks on the FIFO
(this GPU, tb's send, chan); FIFOs are unbounded, per chunk, first in first out.
  s     send src..src+cnt-1            r     receive into dst
  rcs   receive into dst, send dst     rrc   receive, dst = received + src (src is local)
  rrs   receive, send received + src (nothing stored)
  rrcs  rrc, then send dst             re    dst = dst + src       cpy   dst = src
  nop   nothing (waits for its depid/deps like any step)
Every read and write of a buffer chunk is also checked for races: two accesses by different
tbs of a GPU, one a write, must be ordered by depid/deps, by tb order or through transfers
(vector clocks), as a runtime with concurrent thread blocks needs. --no-race leaves this check
out (then only the round-robin order above decides who goes first).

Expected outputs (N GPUs, k = chunks per GPU per piece; root 0, or romnoc_root if >= 0):
  allreduce       i_chunks = o_chunks = k: every GPU's o/m = sum over g of g's i/m
  reduce_scatter  i_chunks = N*k, o_chunks = k: GPU d's o/m = sum over g of g's i/(d*k+m)
                  (in-place: GPU d's i/(d*k+m))
  reduce          i_chunks = o_chunks = k: the root's o/m = sum over g of g's i/m
  allgather       i_chunks = k, o_chunks = N*k: every GPU's o/(j*k+m) = GPU j's i/m
                  (in-place: i_chunks = N*k, GPU j's piece starts in its i/(j*k+m))
  alltoall        i_chunks = o_chunks = N*k: GPU d's o/(g*k+m) = GPU g's i/(d*k+m)
  broadcast       i_chunks = o_chunks = k: every GPU's o/m = the root's i/m
  scatter         o_chunks = k: GPU d's o/m = the root's i/(d*k+m)
  gather          i_chunks = k: the root's o/(j*k+m) = GPU j's i/m

With several files, each line starts with the file's name; the exit status is the worst.

Exit 0 and `OK coll=C gpus=N steps=S` when the run completes and every output chunk holds the
expected value; exit 1 and one line `FAIL ...` otherwise: a read of a chunk never written, an
offset beyond a buffer, a race, a deadlock (`deadlock: gpu G tb T step S ...`, the first tb
that cannot go on), the first wrong output chunk (GPU, chunk, expected, got, and which
contributions are missing, doubled or foreign), chunks left in a FIFO (sent, never received),
or a step some step depends on but with hasdep="0" (a runtime would never signal it). Only the
first problem is reported: hasdep before the run, then whatever stops the run (unwritten read,
bad offset, race, deadlock), then the outputs in (gpu, buffer, offset) order, then FIFOs. Exit 2
and one line on stderr for bad input: unreadable or malformed XML, a missing or bad attribute,
a step type its tb cannot do (a send with send="-1"), two tbs of a GPU sending to (or
receiving from) one peer on one channel, depid/deps naming no step.
"""
import random
import sys
import xml.etree.ElementTree as ET
from collections import Counter, deque

USAGE = "usage: python3 tests/msccl_ref.py [--seed S] [--no-race] FILE.xml..."
COLLS = ("allreduce", "reduce_scatter", "reduce", "allgather", "alltoall", "broadcast", "scatter", "gather")
TYPES = ("s", "r", "rcs", "rrc", "rrs", "rrcs", "re", "cpy", "nop")
SENDS = ("s", "rcs", "rrs", "rrcs")
RECVS = ("r", "rcs", "rrc", "rrs", "rrcs")
MASK = (1 << 64) - 1


class Bad(Exception):
    """Bad input: exit 2."""


class Fail(Exception):
    """The program is wrong: exit 1."""


def attr_int(el, name, default=None, lo=None):
    text = el.get(name)
    if text is None:
        if default is None:
            raise Bad(f"<{el.tag}> has no {name}=")
        return default
    try:
        v = int(text.strip(), 10)
    except ValueError:
        raise Bad(f"<{el.tag}> {name}={text!r}: not an integer")
    if lo is not None and v < lo:
        raise Bad(f"<{el.tag}> {name}={text!r}: below {lo}")
    return v


class Step:
    __slots__ = ("s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid", "deps", "hasdep")


class Tb:
    __slots__ = ("gpu", "id", "send", "recv", "chan", "steps", "pc", "vc", "gid")


def parse(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        raise Bad(f"not well-formed XML: {e}")
    except OSError as e:
        raise Bad(f"cannot read: {e.strerror or e}")
    if root.tag != "algo":
        raise Bad(f"root element <{root.tag}>, expected <algo>")
    n = attr_int(root, "ngpus", lo=1)
    coll = root.get("coll")
    if coll not in COLLS:
        raise Bad(f"<algo> coll={coll!r}: expected one of {', '.join(COLLS)}")
    inplace = attr_int(root, "inplace", 0, lo=0)
    if inplace > 1:
        raise Bad(f"<algo> inplace={inplace}: expected 0 or 1")
    rootgpu = attr_int(root, "romnoc_root", -1, lo=-1)
    rootgpu = rootgpu if rootgpu >= 0 else 0
    if rootgpu >= n:
        raise Bad(f"<algo> romnoc_root={rootgpu}: no such GPU")
    gpus = [None] * n
    ctx = ["<algo>"]

    def ai(el, attr, default=None, lo=None):
        try:
            return attr_int(el, attr, default, lo)
        except Bad as e:
            raise Bad(f"{ctx[0]}: {e}")
    for ge in root:
        if ge.tag != "gpu":
            raise Bad(f"<{ge.tag}> inside <algo>, expected <gpu>")
        ctx[0] = "<algo>"
        g = ai(ge, "id", lo=0)
        ctx[0] = f"gpu {g}"
        if g >= n or gpus[g] is not None:
            raise Bad(f"<gpu id=\"{g}\">: " + ("beyond ngpus" if g >= n else "appears twice"))
        sizes = {"i": ai(ge, "i_chunks", lo=0), "o": ai(ge, "o_chunks", lo=0), "s": ai(ge, "s_chunks", 0, lo=0)}
        tbs = []
        for te in ge:
            if te.tag != "tb":
                raise Bad(f"gpu {g}: <{te.tag}> inside <gpu>, expected <tb>")
            tb = Tb()
            ctx[0] = f"gpu {g}"
            tb.gpu, tb.id = g, ai(te, "id", lo=0)
            ctx[0] = f"gpu {g} tb {tb.id}"
            if tb.id != len(tbs):
                raise Bad(f"gpu {g}: <tb id=\"{tb.id}\"> where id {len(tbs)} is next")
            tb.send, tb.recv = ai(te, "send", lo=-1), ai(te, "recv", lo=-1)
            tb.chan = ai(te, "chan", 0, lo=0)
            for peer, what in ((tb.send, "send"), (tb.recv, "recv")):
                if peer >= n or peer == g:
                    raise Bad(f"gpu {g} tb {tb.id}: {what}=\"{peer}\" is "
                              + ("beyond ngpus" if peer >= n else "the GPU itself"))
            tb.steps = []
            for se in te:
                if se.tag != "step":
                    raise Bad(f"gpu {g} tb {tb.id}: <{se.tag}> inside <tb>, expected <step>")
                st = Step()
                ctx[0] = f"gpu {g} tb {tb.id}"
                st.s = ai(se, "s", lo=0)
                where = ctx[0] = f"gpu {g} tb {tb.id} step {st.s}"
                if st.s != len(tb.steps):
                    raise Bad(f"gpu {g} tb {tb.id}: <step s=\"{st.s}\"> where s {len(tb.steps)} is next")
                st.type = se.get("type")
                if st.type not in TYPES:
                    raise Bad(f"{where}: type={st.type!r}: expected one of {', '.join(TYPES)}")
                if st.type in SENDS and tb.send < 0:
                    raise Bad(f"{where}: type {st.type} sends, but its tb has send=\"-1\"")
                if st.type in RECVS and tb.recv < 0:
                    raise Bad(f"{where}: type {st.type} receives, but its tb has recv=\"-1\"")
                data = st.type != "nop"
                for b in ("srcbuf", "dstbuf"):
                    v = se.get(b)
                    if data and v not in ("i", "o", "s"):
                        raise Bad(f"{where}: {b}={v!r}: expected i, o or s")
                    setattr(st, b, v)
                st.srcoff = ai(se, "srcoff", None if data else -1)
                st.dstoff = ai(se, "dstoff", None if data else -1)
                st.cnt = ai(se, "cnt", 1, lo=1 if data else 0)
                st.depid = ai(se, "depid", -1, lo=-1)
                st.deps = ai(se, "deps", -1, lo=-1)
                if (st.depid < 0) != (st.deps < 0):
                    raise Bad(f"{where}: depid=\"{st.depid}\" deps=\"{st.deps}\": both or neither must be -1")
                st.hasdep = ai(se, "hasdep", 0, lo=0)
                tb.steps.append(st)
            tbs.append(tb)
        gpus[g] = (sizes, tbs)
    missing = [g for g in range(n) if gpus[g] is None]
    if missing:
        raise Bad(f"ngpus=\"{n}\" but no <gpu id=\"{missing[0]}\">")
    for g, (sizes, tbs) in enumerate(gpus):
        seen = {}
        for tb in tbs:
            for peer, what in ((tb.send, "send to"), (tb.recv, "receive from")):
                if peer >= 0:
                    key = (what, peer, tb.chan)
                    if key in seen:
                        raise Bad(f"gpu {g}: tbs {seen[key]} and {tb.id} both {what} gpu {peer} on channel {tb.chan}")
                    seen[key] = tb.id
            for st in tb.steps:
                if st.depid >= 0 and (st.depid >= len(tbs) or st.deps >= len(tbs[st.depid].steps)):
                    raise Bad(f"gpu {g} tb {tb.id} step {st.s}: depid=\"{st.depid}\" deps=\"{st.deps}\" names no step")
    return n, coll, inplace, rootgpu, gpus


def name(g, buf, off):
    return f"gpu {g} {buf}/{off}"


def contrib_text(c):
    return " + ".join(f"gpu {g} i/{o}" + (f" x{k}" if k > 1 else "") for (g, o), k in sorted(c.items()))


def expected_layout(n, coll, inplace, rootgpu, gpus):
    """{(gpu, buf, off): Counter of (gpu, input offset)} of the output chunks to check."""
    ob = "i" if inplace else "o"
    exp = {}
    for d in range(n):
        sizes = gpus[d][0]
        ic, oc = sizes["i"], sizes["i"] if inplace else sizes["o"]

        def need(cond, text):
            if not cond:
                raise Bad(f"coll {coll}: gpu {d} has i_chunks={sizes['i']} o_chunks={sizes['o']}; {text}")
        if coll in ("allreduce", "reduce", "broadcast"):
            if not inplace:
                need(oc == ic, "expected o_chunks = i_chunks")
            if coll == "reduce" and d != rootgpu:
                continue
            for m in range(ic):
                exp[(d, ob, m)] = (Counter({(g, m): 1 for g in range(n)}) if coll != "broadcast"
                                   else Counter({(rootgpu, m): 1}))
        elif coll == "reduce_scatter":
            need(ic % n == 0, "expected i_chunks a multiple of ngpus")
            k = ic // n
            if not inplace:
                need(oc == k, "expected o_chunks = i_chunks / ngpus")
            for m in range(k):
                exp[(d, ob, m if not inplace else d * k + m)] = Counter({(g, d * k + m): 1 for g in range(n)})
        elif coll == "allgather":
            if inplace:
                need(ic % n == 0, "expected i_chunks a multiple of ngpus")
                k = ic // n
            else:
                k = ic
                need(oc == n * k, "expected o_chunks = ngpus * i_chunks")
            for j in range(n):
                for m in range(k):
                    exp[(d, ob, j * k + m)] = Counter({(j, j * k + m if inplace else m): 1})
        elif coll == "scatter":  # the root's i/(d*k+m) lands in GPU d's o/m
            k = oc
            for m in range(k):
                exp[(d, ob, m)] = Counter({(rootgpu, d * k + m): 1})
        elif coll == "gather":  # GPU j's i/m lands in the root's o/(j*k+m)
            if d != rootgpu:
                continue
            k = gpus[0][0]["i"]
            for j in range(n):
                for m in range(k):
                    exp[(d, ob, j * k + m)] = Counter({(j, m): 1})
        elif coll == "alltoall":
            need(ic % n == 0 and oc == ic, "expected i_chunks = o_chunks, a multiple of ngpus")
            k = ic // n
            for g in range(n):
                for m in range(k):
                    exp[(d, ob, g * k + m)] = Counter({(g, d * k + m): 1})
    return exp


def run(path, seed, races=True):
    n, coll, inplace, rootgpu, gpus = parse(path)
    rng = random.Random(seed)
    inputs = {}
    mem = {}        # (g, buf, off) -> (value, Counter)
    for g in range(n):
        for m in range(gpus[g][0]["i"]):
            inputs[(g, m)] = rng.getrandbits(64)
            mem[(g, "i", m)] = (inputs[(g, m)], Counter({(g, m): 1}))
    exp = expected_layout(n, coll, inplace, rootgpu, gpus)

    alltbs = [tb for g in range(n) for tb in gpus[g][1]]
    nt = len(alltbs)
    for k, tb in enumerate(alltbs):
        tb.gid, tb.pc, tb.vc = k, 0, [0] * nt
    total = sum(len(tb.steps) for tb in alltbs)

    # hasdep: a step others wait for must say so, or a runtime would never signal it
    for g in range(n):
        tbs = gpus[g][1]
        for tb in tbs:
            for st in tb.steps:
                if st.depid >= 0:
                    tgt = tbs[st.depid].steps[st.deps]
                    if not tgt.hasdep:
                        raise Fail(f"gpu {g} tb {st.depid} step {st.deps} has hasdep=\"0\" but gpu {g} tb {tb.id} "
                                   f"step {st.s} depends on it (a runtime would never signal it)")

    done_vc = {}    # (gid, step) -> vector clock when it completed, for steps others wait for
    waited = {(tb.gpu, st.depid, st.deps) for tb in alltbs for st in tb.steps if st.depid >= 0}
    fifos = {}      # (from, to, chan) -> deque of (value, Counter, vc)
    access = {}     # (g, buf, off) -> [last write (gid, step no, epoch) or None, {gid: (step no, epoch)} reads]

    def loc(g, buf, off, tb, st):
        b = "i" if (inplace and buf == "o") else buf
        size = gpus[g][0][b]
        if not 0 <= off < size:
            raise Fail(f"gpu {g} tb {tb.id} step {st.s} ({st.type}): {buf}/{off} does not exist "
                       f"({b}_chunks=\"{size}\")")
        return (g, b, off)

    def race(key, tb, st, other, what):
        if not races:
            return
        ogid, ostep = other
        ot = alltbs[ogid]
        raise Fail(f"race: {name(*key)} {what} by gpu {ot.gpu} tb {ot.id} step {ostep} and gpu {tb.gpu} tb {tb.id} "
                   f"step {st.s} ({st.type}), with no dependency ordering them")

    def read(key, tb, st):
        if key not in mem:
            raise Fail(f"gpu {tb.gpu} tb {tb.id} step {st.s} ({st.type}) reads {key[1]}/{key[2]}, which nothing has "
                       f"written")
        a = access.setdefault(key, [None, {}])
        w = a[0]
        if w is not None and w[0] != tb.gid and tb.vc[w[0]] < w[2]:
            race(key, tb, st, w[:2], "written")
        a[1][tb.gid] = (st.s, tb.vc[tb.gid])
        return mem[key]

    def write(key, tb, st, val):
        a = access.setdefault(key, [None, {}])
        w = a[0]
        if w is not None and w[0] != tb.gid and tb.vc[w[0]] < w[2]:
            race(key, tb, st, w[:2], "written")
        for ogid, (ostep, ep) in a[1].items():
            if ogid != tb.gid and tb.vc[ogid] < ep:
                race(key, tb, st, (ogid, ostep), "read")
        a[0], a[1] = (tb.gid, st.s, tb.vc[tb.gid]), {}
        mem[key] = val

    def add(x, y):
        return ((x[0] + y[0]) & MASK, x[1] + y[1])

    def blocked(tb):
        """Why tb cannot run its next step now, or None."""
        st = tb.steps[tb.pc]
        if st.depid >= 0:
            dep = gpus[tb.gpu][1][st.depid]
            if dep.pc <= st.deps:
                return f"waits for tb {st.depid} step {st.deps}"
        if st.type in RECVS:
            q = fifos.get((tb.recv, tb.gpu, tb.chan))
            have = len(q) if q else 0
            if have < st.cnt:
                return (f"waits for {st.cnt} chunk{'s' if st.cnt > 1 else ''} from gpu {tb.recv} on channel "
                        f"{tb.chan}, {have} there")
        return None

    def step(tb):
        st = tb.steps[tb.pc]
        g = tb.gpu
        if st.depid >= 0:
            dvc = done_vc[(gpus[g][1][st.depid].gid, st.deps)]
            tb.vc = [max(a, b) for a, b in zip(tb.vc, dvc)]
        got = []
        if st.type in RECVS:
            q = fifos[(tb.recv, g, tb.chan)]
            for _ in range(st.cnt):
                v, c, vc = q.popleft()
                got.append((v, c))
                tb.vc = [max(a, b) for a, b in zip(tb.vc, vc)]
        tb.vc[tb.gid] = st.s + 1
        out = []
        t = st.type
        for k in range(st.cnt if t != "nop" else 0):
            src = loc(g, st.srcbuf, st.srcoff + k, tb, st) if t in ("s", "rrc", "rrs", "rrcs", "re", "cpy") else None
            dst = loc(g, st.dstbuf, st.dstoff + k, tb, st) if t in ("r", "rcs", "rrc", "rrcs", "re", "cpy") else None
            if t == "s":
                out.append(read(src, tb, st))
            elif t in ("r", "rcs"):
                write(dst, tb, st, got[k])
                if t == "rcs":
                    out.append(read(dst, tb, st))
            elif t in ("rrc", "rrcs"):
                write(dst, tb, st, add(got[k], read(src, tb, st)))
                if t == "rrcs":
                    out.append(read(dst, tb, st))
            elif t == "rrs":
                out.append(add(got[k], read(src, tb, st)))
            elif t == "re":
                write(dst, tb, st, add(read(dst, tb, st), read(src, tb, st)))
            elif t == "cpy":
                write(dst, tb, st, read(src, tb, st))
        if out:
            snap = tuple(tb.vc)
            q = fifos.setdefault((g, tb.send, tb.chan), deque())
            for v, c in out:
                q.append((v, c, snap))
        if (g, tb.id, st.s) in waited:
            done_vc[(tb.gid, st.s)] = tuple(tb.vc)
        tb.pc += 1

    left = total
    while left:
        progress = False
        for tb in alltbs:
            if tb.pc < len(tb.steps) and blocked(tb) is None:
                step(tb)
                left -= 1
                progress = True
        if not progress:
            stuck = [tb for tb in alltbs if tb.pc < len(tb.steps)]
            tb = stuck[0]
            st = tb.steps[tb.pc]
            raise Fail(f"deadlock: gpu {tb.gpu} tb {tb.id} step {st.s} ({st.type}) {blocked(tb)}; "
                       f"{len(stuck)} tb{'s' if len(stuck) > 1 else ''} stuck, {left} of {total} steps not run")

    for key in sorted(exp, key=lambda k: (k[0], k[1], k[2])):
        want = exp[key]
        wval = sum(inputs[c] * k for c, k in want.items()) & MASK
        shown = name(*key)
        wtext = contrib_text(want) if len(want) <= 4 else f"sum of {len(want)} inputs"
        if key not in mem:
            raise Fail(f"{shown}: expected {wval:#018x} ({wtext}), got nothing (never written)")
        gval, gc = mem[key]
        if gval != wval or gc != want:
            why = []
            missing = [c for c in sorted(want) if gc.get(c, 0) < want[c]]
            doubled = [c for c in sorted(gc) if c in want and gc[c] > want[c]]
            foreign = [c for c in sorted(gc) if c not in want]
            if missing:
                why.append("missing " + ", ".join(f"gpu {g} i/{o}" for g, o in missing))
            if doubled:
                why.append("doubled " + ", ".join(f"gpu {g} i/{o} (x{gc[(g, o)]})" for g, o in doubled))
            if foreign:
                why.append("foreign " + ", ".join(f"gpu {g} i/{o}" + (f" (x{gc[(g, o)]})" if gc[(g, o)] > 1 else "")
                                                  for g, o in foreign))
            raise Fail(f"{shown}: expected {wval:#018x} ({wtext}), got {gval:#018x}: "
                       + ("; ".join(why) if why else "same contributions, different value"))

    for (u, v, c), q in sorted(fifos.items()):
        if q:
            raise Fail(f"gpu {u} sent {len(q)} chunk{'s' if len(q) > 1 else ''} to gpu {v} on channel {c} "
                       f"that nobody received")
    return coll, n, total


def main(argv):
    seed, paths, races = 1, [], True
    i = 0
    try:
        while i < len(argv):
            a = argv[i]
            if a in ("-h", "--help"):
                print(USAGE)
                return 0
            if a == "--no-race":
                races = False
            elif a == "--seed" or a.startswith("--seed="):
                if a == "--seed":
                    if i + 1 >= len(argv):
                        raise Bad("--seed needs a value")
                    text = argv[i + 1]
                    i += 1
                else:
                    text = a.split("=", 1)[1]
                try:
                    seed = int(text, 10)
                except ValueError:
                    raise Bad(f"--seed {text!r}: not an integer")
            elif a.startswith("-") and a != "-":
                raise Bad(f"unknown option {a!r} ({USAGE})")
            else:
                paths.append(a)
            i += 1
        if not paths:
            raise Bad(f"no FILE.xml ({USAGE})")
    except Bad as e:
        print(f"msccl_ref.py: {e}", file=sys.stderr)
        return 2
    worst = 0
    for path in paths:  # several files: each line starts with the file's name
        name = f"{path}: " if len(paths) > 1 else ""
        try:
            coll, n, total = run(sys.stdin if path == "-" else path, seed, races)
            print(f"{name}OK coll={coll} gpus={n} steps={total}")
        except Bad as e:
            print(f"msccl_ref.py: {path}: {e}", file=sys.stderr)
            worst = 2
        except Fail as e:
            print(f"{name}FAIL {e}")
            worst = max(worst, 1)
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
