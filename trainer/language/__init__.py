"""The languages: gettext catalogs and plural forms, cards and scoring items
in words, and the checks of what the catalogs lack."""
