"""Knowledge for RAG agents: clean and chunk extracted editais, index them in the store, search.

`KNOWLEDGE` is the store repository (`store.repository(KNOWLEDGE)`); `ingest_dir` /
`ingest_packaged` fill it; `important_dates` answers from the calendar; `extractive_answer`
quotes the best passages with their citations.
"""
