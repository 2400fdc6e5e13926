with "audit_batch" as (insert into "audit_log" (actor, action, subject, request_id, details)
    select * from unnest(
      $1::text[],
      $2::text[],
      $3::text[],
      $4::text[],
      $5::jsonb[]) returning id) select count(*) from "audit_batch";
