# The two set-up commands of the README:
#   make demo   install what is missing, then prepare -> train -> generate -> ROUGE -> summarize
#   make test   install what is missing, then run the test suite
.PHONY: install demo test

VENV ?= .venv

install:
	scripts/install.sh

demo: install
	scripts/end_to_end.sh

test: install
	$(VENV)/bin/python -m pytest
