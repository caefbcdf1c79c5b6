# ring_mnb.awk — test fixture: the single-port multinode broadcast of 002 §3 on a Hamiltonian
# cycle c[0..n-1] (the node ids in CYCLE, space-separated). In round t = 1..n-1 node c[i]
# sends to c[i+1] the packet of origin c[i-t+1], which it received in round t-1.
#   model=sp-full: round t is slot t (n-1 slots; one send and one receive per node per slot)
#   model=sp-half: round t is split into k sub-slots so that no node sends and receives in one
#     slot: the edges alternate, k = 2 on an even cycle (2(n-1) slots) and k = 3 on an odd one,
#     whose last edge takes a third sub-slot (3(n-1) slots)
# Prints the metadata for TOPO and the rows sorted by (slot, src, dst).
#   awk -v topo=hypercube:3 -v model=sp-full -v cycle="0 1 3 2 6 7 5 4" -f ring_mnb.awk
BEGIN {
  n = split(cycle, c, " ")
  k = model == "sp-half" ? (n % 2 ? 3 : 2) : 1
  printf "# topo=%s\n# task=mnb\n# model=%s\nslot\tsrc\tdst\torigin\tdest\n", topo, model
  fflush()
  rows = "sort -t \"\t\" -k1,1n -k2,2n -k3,3n"
  for (t = 1; t < n; t++)
    for (i = 0; i < n; i++) {
      sub_slot = k == 1 ? 0 : (k == 3 && i == n - 1 ? 2 : i % 2)
      printf "%d\t%d\t%d\t%d\t-1\n", (t - 1) * k + sub_slot + 1, c[i + 1], c[(i + 1) % n + 1], c[(i - t + 1 + n) % n + 1] | rows
    }
  close(rows)
}
