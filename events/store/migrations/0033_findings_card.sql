-- Audit findings name the card played when the finding is about a card
-- (projections.audit gives it since findings carry a "card").
ALTER TABLE job_findings ADD COLUMN card text;
