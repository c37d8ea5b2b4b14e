-- Analysts' read-only database roles, one per club (`coinche db-role create CLUB`), and
-- the row-level security that shows each of them its club's games and the public ones.
-- The application owns these tables and so is not subject to the policies; a role that
-- is neither the owner nor in analyst_roles sees public rows only.

CREATE TABLE analyst_roles (
    role_name   text        PRIMARY KEY,
    club        text        NOT NULL UNIQUE REFERENCES clubs (club),
    created_at  timestamptz NOT NULL DEFAULT now(),
    created_by  text        NOT NULL
);
ALTER TABLE analyst_roles ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_role ON analyst_roles FOR SELECT USING (role_name = current_user);

ALTER TABLE games ENABLE ROW LEVEL SECURITY;
CREATE POLICY club_or_public ON games FOR SELECT USING (
    visibility = 'public'
    OR club = (SELECT a.club FROM analyst_roles a WHERE a.role_name = current_user));

ALTER TABLE stat_games ENABLE ROW LEVEL SECURITY;
CREATE POLICY club_or_public ON stat_games FOR SELECT USING (
    visibility = 'public'
    OR club = (SELECT a.club FROM analyst_roles a WHERE a.role_name = current_user));

ALTER TABLE stat_deals ENABLE ROW LEVEL SECURITY;
CREATE POLICY club_or_public ON stat_deals FOR SELECT USING (
    visibility = 'public'
    OR club = (SELECT a.club FROM analyst_roles a WHERE a.role_name = current_user));

ALTER TABLE stat_seats ENABLE ROW LEVEL SECURITY;
CREATE POLICY club_or_public ON stat_seats FOR SELECT USING (
    visibility = 'public'
    OR club = (SELECT a.club FROM analyst_roles a WHERE a.role_name = current_user));

-- Names: the club's own players, and those seated at a public game (the API shows
-- those to anyone too).
ALTER TABLE players ENABLE ROW LEVEL SECURITY;
CREATE POLICY club_or_public ON players FOR SELECT USING (
    club = (SELECT a.club FROM analyst_roles a WHERE a.role_name = current_user)
    OR EXISTS (SELECT 1 FROM games g
               WHERE g.visibility = 'public' AND g.players @> ARRAY[players.player_id]));

-- The name to show for each player id found in the statistics.
CREATE VIEW player_names WITH (security_invoker = true) AS
SELECT p.player_id, p.club,
       CASE WHEN p.erased_at IS NOT NULL THEN 'erased player'
            ELSE coalesce(m.display_name, p.display_name) END AS name
FROM players p
LEFT JOIN players m ON m.player_id = p.merged_into;
