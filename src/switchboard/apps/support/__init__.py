"""Reference app `support`: spec 000's example (coordinator + technical and financial
specialists)."""
