-- The identity details' keys are matched by prefix (like 'DET:name|%'): the primary key serves that
-- only under a C collation, a pattern index under any (bench/README.md, personalization).
CREATE INDEX "suspension_keys_key_pattern_idx" ON "suspension_keys" USING btree ("key" text_pattern_ops);
