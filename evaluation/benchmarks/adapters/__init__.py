"""One adapter per benchmark (a ``protocol.Benchmark``): its settings, how its workload
loads and runs, its report and its ``memgov eval`` command. Listed in ``registry``."""
