# topo.awk - build a topology's graph from its definition and measure it.
#
#   awk -v topo=torus:4x4 -f topo.awk </dev/null
#
# Prints the line `cmodel info` must print:
#   topo=T nodes=N ports=P links=L diameter=D
# Nodes are mixed-radix coordinate vectors; a node's neighbours are the
# nodes one step away along one dimension (with wrap-around for torus and
# ring).  Links are counted as distinct unordered node pairs, so a torus
# dimension of size 2 gives one link per pair, not two.  ports is the
# spec's port count (D for hypercube:D, 2 per dimension otherwise).
# The diameter is the largest BFS distance: from every node when there are
# at most 256 nodes, else from node 0 only, which is enough here because
# torus, ring and hypercube look the same from every node and in a mesh
# node 0 is a corner, whose farthest node is the opposite corner.

BEGIN {
	split(topo, kv, ":"); kind = kv[1]
	if (kind == "hypercube") {
		m = kv[2]; for (i = 1; i <= m; i++) K[i] = 2
		wrap = 0; ports = m
	} else if (kind == "ring") {
		m = 1; K[1] = kv[2]; wrap = 1; ports = 2
	} else {
		m = split(kv[2], K, "x"); wrap = kind == "torus"; ports = 2 * m
	}
	N = 1
	for (i = 1; i <= m; i++) { K[i] += 0; W[i] = N; N *= K[i] }

	links = 0
	for (u = 0; u < N; u++) {
		deg[u] = 0
		for (i = 1; i <= m; i++) {
			c = int(u / W[i]) % K[i]
			for (step = -1; step <= 1; step += 2) {
				c2 = c + step
				if (c2 < 0 || c2 >= K[i]) {
					if (!wrap) continue
					c2 = (c2 + K[i]) % K[i]
				}
				v = u + (c2 - c) * W[i]
				if ((u, v) in adjacent) continue
				adjacent[u, v] = 1
				nb[u, ++deg[u]] = v
				if (u < v) links++
			}
		}
	}

	diam = 0
	last = N <= 256 ? N - 1 : 0
	for (s = 0; s <= last; s++) {
		delete dist
		dist[s] = 0; q[1] = s; head = 1; tail = 1
		while (head <= tail) {
			u = q[head++]
			for (j = 1; j <= deg[u]; j++) {
				v = nb[u, j]
				if (v in dist) continue
				dist[v] = dist[u] + 1
				if (dist[v] > diam) diam = dist[v]
				q[++tail] = v
			}
		}
	}
	printf "topo=%s nodes=%d ports=%d links=%d diameter=%d\n", topo, N, ports, links, diam
}
