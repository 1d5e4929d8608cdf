"""Domain operations on tables and games. Views, consumers and tasks call these and nothing else."""
