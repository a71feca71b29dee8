"""What the worker runs besides publishing and delivering: the thread pool both use,
its heartbeat, and housekeeping."""
