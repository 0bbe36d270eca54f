"""The score sheet before it is a PDF: its words (:mod:`.words`), its page
(:mod:`.layout`) and its data (:mod:`.context`). :mod:`companion.pdf` lays it
out with WeasyPrint."""
