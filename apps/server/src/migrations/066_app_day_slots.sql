-- The day totals of the wallet scopes take 64 slots a day (8-71) instead of 8 (0-7), so that
-- concurrent capped calls seldom wait on one slot's row lock until their commits. Days begun
-- with the eight slots keep them (app_day_use makes a day's slots only when it has none);
-- app_day_share gives each layout's shares (decision 052).
ALTER TABLE platform_app_day DROP CONSTRAINT platform_app_day_slot_check;
ALTER TABLE platform_app_day ADD CONSTRAINT platform_app_day_slot_check CHECK (slot BETWEEN 0 AND 71);
