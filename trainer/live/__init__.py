"""Live tables: every open page of a table hears of a move within a moment.

A move saved in the database is *announced* (:func:`~trainer.live.announce.announce`)
in the same transaction: on PostgreSQL as a ``NOTIFY``, which the database
delivers to every listening process at commit and never for a rolled-back
transaction; on SQLite, held with the session and handed to this process's
:class:`~trainer.live.hub.Hub` once the commit has happened.  Each process keeps
one hub: the open streams (Server-Sent Events) subscribed by table, and on
PostgreSQL one listening connection (:class:`~trainer.live.listener.Listener`)
feeding it.  What a stream carries is only a table's new *version*: each page
then asks for its own seat's view with an ordinary request, so a stream never
holds what a seat may not see, and a page that missed events (a dropped
connection, a restarted listener) catches up by comparing versions.

No service but the database is needed, across workers and across hosts.
"""
