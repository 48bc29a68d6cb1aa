"""What people see: the terminal (rich), SVG and HTML. Renders data; computes nothing."""
