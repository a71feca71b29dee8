"""Column types of our own."""

from peewee import TextField


class ListField(TextField):
    """A list of short tokens stored as one space-separated text column."""

    def db_value(self, value):
        return " ".join(value)

    def python_value(self, value):
        return value.split() if value else []
