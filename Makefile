# The two set-up commands of the README:
#   make demo   install what is missing, then open the summarization page on http://127.0.0.1:7860
#   make test   install what is missing (Debian's chromium included), then run the test suite
# More:
#   make quickstart   prepare -> train -> generate (beam 4, trigram blocking) -> ROUGE -> summarize
.PHONY: install demo test quickstart

VENV ?= .venv

install:
	scripts/install.sh

demo: install
	$(VENV)/bin/python -m app.demo

test:
	scripts/install.sh --browser
	$(VENV)/bin/python -m pytest

quickstart: install
	scripts/end_to_end.sh
