-- The tournaments a roster player was registered in: an erasure counts them and the
-- right of access lists them (`data -> 'players' ?| ids` on TeamRegistered events).

CREATE INDEX tournament_events_players ON tournament_events
    USING gin ((data -> 'players')) WHERE type = 'TeamRegistered';
