"""`python run.py bench`: one table of measurements, each against a floor from the same run."""
