"""Several server processes as one: the Redis broker, table leases, forwarding, shared limits."""
