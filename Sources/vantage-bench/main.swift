print("vantage-bench: no benchmarks yet")
