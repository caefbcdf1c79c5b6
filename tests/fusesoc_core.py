"""fusesoc_core.py DIR — checks DIR/romnoc.core, the FuseSoC core rtl_gen writes, against the
design in DIR (tests/fusesoc.sh): CAPI 2 first line, a VLNV name, every fileset's files
present, the rtl fileset equal to files.f, the rom fileset equal to the ROM files in DIR (each
copied under its own name), every target's filesets defined and its toplevel a module of its
files. Prints "ok WHAT" / "FAIL WHAT: why" lines. Runs under Debian's python3 with python3-yaml
(which yamllint brings; the Makefile installs it)."""
import os
import re
import sys

import yaml

d = sys.argv[1]
tag = os.path.basename(d.rstrip("/"))
fails = 0


def check(what, cond, why=""):
    global fails
    if cond:
        print(f"ok {tag}: {what}")
    else:
        fails += 1
        print(f"FAIL {tag}: {what}: {why}")


text = open(os.path.join(d, "romnoc.core")).read()
check("first line is CAPI=2:", text.split("\n", 1)[0] == "CAPI=2:", repr(text[:20]))
core = yaml.safe_load(text)
check("parses to a mapping with name, filesets, targets",
      isinstance(core, dict) and {"name", "filesets", "targets"} <= set(core), repr(core)[:200])
name = core.get("name", "")
check("name is a VLNV romnoc:fabric:NAME:VERSION",
      re.fullmatch(r"romnoc:fabric:[A-Za-z0-9_.-]+:[0-9]+\.[0-9]+\.[0-9]+", str(name)) is not None, name)

filesets = core.get("filesets", {})


def files_of(fs):
    out = []
    for entry in filesets.get(fs, {}).get("files", []):
        if isinstance(entry, dict):  # "rom.hex: {copyto: rom.hex}"
            (f, attrs), = entry.items()
            out.append((f, attrs or {}))
        else:
            out.append((entry, {}))
    return out


for fs in filesets:
    for f, _ in files_of(fs):
        check(f"fileset {fs}: {f} exists", os.path.isfile(os.path.join(d, f)), "missing")

listed = [l for l in open(os.path.join(d, "files.f")).read().split("\n") if l and not l.startswith("//")]
rtl = [f for f, _ in files_of("rtl")]
check("rtl fileset = files.f, in order", rtl == listed, f"{rtl} vs {listed}")
check("rtl fileset is verilogSource", filesets.get("rtl", {}).get("file_type") == "verilogSource", "")

roms = sorted(f for f in os.listdir(d) if re.fullmatch(r"([A-Za-z][A-Za-z0-9_]*_)?rom(_n[0-9]+)?\.hex", f))
rom_set = files_of("rom")
check("rom fileset = the ROM files of the design", sorted(f for f, _ in rom_set) == roms and roms,
      f"{[f for f, _ in rom_set]} vs {roms}")
check("every ROM is copied under its own name (where $readmemh looks)",
      all(a.get("copyto") == f for f, a in rom_set), repr(rom_set)[:200])
readmem = set()
for f in listed:  # the instances' ROM files (the ROM module's own default is overridden)
    readmem |= set(re.findall(r'\.FILE\((?:\{ROM_DIR, )?"([^"]*\.hex)"\}?\)', open(os.path.join(d, f)).read()))
check("every ROM file the instances name is in the rom fileset", readmem and readmem <= {f for f, _ in rom_set},
      f"{sorted(readmem)}")

for t, spec in core.get("targets", {}).items():
    sets = spec.get("filesets", [])
    check(f"target {t}: its filesets exist", sets and all(s in filesets for s in sets), repr(sets))
    top = spec.get("toplevel")
    sources = "".join(open(os.path.join(d, f)).read() for s in sets for f, _ in files_of(s) if f.endswith(".v"))
    check(f"target {t}: toplevel {top} is a module of its files",
          top and re.search(r"^module " + re.escape(str(top)) + r"\b", sources, re.M) is not None, "not found")

print(f"{tag}: fusesoc_core {fails} failed")
sys.exit(1 if fails else 0)
