select "id", "afm", "amka", "first_name", "last_name", "father_name", "birth_date", "identity_card_key" from "citizens" where ("citizens"."afm" = any($1::text[]) or "citizens"."amka" = any($2::text[]));

select "id", "afm", "amka", "document_id", "first_name", "fathers_name", "last_name", "date_of_birth", "end_date", "active", "created_at", "created_by", "organisation_id", "deleted_at", "deleted_by" from "suspensions" where "suspensions"."id" in (select "suspension_keys"."suspension_id" from "suspension_keys"
        where "suspension_keys"."key" = any($1::text[])) order by "suspensions"."created_at" desc, "suspensions"."id" desc limit $2;

with "audit_batch" as (insert into "audit_log" (actor, action, subject, request_id, details)
    select * from unnest(
      $1::text[],
      $2::text[],
      $3::text[],
      $4::text[],
      $5::jsonb[]) returning id) select count(*) from "audit_batch";
