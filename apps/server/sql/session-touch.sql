update "sessions" set "last_seen_at" = $1 where "sessions"."id_hash" = $2;
