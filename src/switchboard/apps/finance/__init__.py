"""Reference app `finance`: spec 001's tiered personal-finance assistant for Brazilian users."""
