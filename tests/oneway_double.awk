# oneway_double.awk — a schedule of the one-way model from a verified mla schedule (test
# fixture until the golden model's own one-way constructions are used): the transfers of
# slot t from a smaller to a larger id go to slot 2t-1, the others to slot 2t, so that each
# undirected link carries one packet per slot; model=oneway in the metadata; rows sorted by
# (slot, src, dst).
#   cmodel schedule --topo T --task K | awk -f oneway_double.awk
BEGIN { FS = OFS = "\t"; rows = "sort -t \"\t\" -k1,1n -k2,2n -k3,3n" }
/^# *model *=/ { print "# model=oneway"; next }
/^# *slots *=/ { next }
/^#/ || /^slot\t/ { print; next }
{ $1 = $2 < $3 ? 2 * $1 - 1 : 2 * $1; print | rows }
END { fflush(); close(rows) }
