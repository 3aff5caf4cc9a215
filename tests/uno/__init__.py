"""Tests of the uno game package."""
