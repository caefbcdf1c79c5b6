# active_subset.awk - a schedule of mnb or te as one of pmnb or pexchange: only the rows whose
# origin is in the active set are kept (a valid schedule of the partial task: the active
# packets move exactly as before, and nothing else was needed to carry them). The test's own
# offline schedule, independent of the golden model's constructions for the partial tasks.
#
#   awk -v active=LIST -v task=pexchange -f tests/active_subset.awk TE.tsv > PEXCHANGE.tsv
#
# LIST is ids and ranges ("0,3,5-9"). The metadata keeps topo, model and root, names the task
# and the set, and drops slots, rows and alg (they described the whole schedule).

BEGIN {
	FS = OFS = "\t"
	n = split(active, part, ",")
	for (i = 1; i <= n; i++)
		if (split(part[i], r, "-") == 2) for (v = r[1] + 0; v <= r[2] + 0; v++) on[v] = 1
		else on[part[i] + 0] = 1
}
/^# *task=/ { print "# task=" task; next }
/^# *(slots|rows|alg)=/ { next }
/^#/ { print; next }
$1 == "slot" { print "# active=" active; print; next }
($4 + 0) in on { print }
