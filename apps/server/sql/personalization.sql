select "tickets"."id", "tickets"."public_code", "tickets"."event_id", "tickets"."sector", "tickets"."gate", "tickets"."row", "tickets"."seat", "tickets"."seasonal", "tickets"."status", "tickets"."holder_afm", "tickets"."holder_amka", "tickets"."full_name", "tickets"."document_type", "tickets"."document_id", "tickets"."document_key", "tickets"."installation_id", "tickets"."anonymous", "tickets"."skip_mode", "tickets"."private_code", "tickets"."code_serial", "tickets"."binding", "tickets"."personalized_by", "tickets"."created_at", "tickets"."modified_at", "tickets"."personalized_at", "events"."description", "events"."starts_at", (case when "events"."seasonal" then coalesce("events"."ends_at", "events"."starts_at") > now()
    else "events"."starts_at" > now() end), "events"."venue", "events"."display_mode", "organisations"."name" from "tickets" inner join "events" on "events"."id" = "tickets"."event_id" inner join "organisations" on "organisations"."id" = "events"."organisation_id" where ("tickets"."public_code" = $1 and ($2::text is null or "events"."organisation_id" = $3)) limit $4;

select "suspensions"."end_date", "organisations"."name" from "suspension_keys" inner join "suspensions" on "suspensions"."id" = "suspension_keys"."suspension_id" left join "organisations" on "organisations"."id" = "suspensions"."organisation_id" where ("suspension_keys"."key" = any(array_cat($1::text[], array(
    select $2::text || "citizens"."afm" from "citizens"
      where "citizens"."afm" is not null and ("citizens"."afm" = $3::text or "citizens"."amka" = $4::text
    or "citizens"."identity_card_key" = $5::text)
    union all
    select $6::text || "citizens"."amka" from "citizens" where ("citizens"."afm" = $7::text or "citizens"."amka" = $8::text
    or "citizens"."identity_card_key" = $9::text)
    union all
    select $10::text || "citizens"."identity_card_key" from "citizens"
      where "citizens"."identity_card_key" is not null and ("citizens"."afm" = $11::text or "citizens"."amka" = $12::text
    or "citizens"."identity_card_key" = $13::text)))) and "suspensions"."active" = $14 and "suspensions"."end_date" >= (now() at time zone 'Europe/Athens')::date) order by "suspensions"."end_date" desc limit $15;

select exists (select 1 from "citizens" where "identity_card_key" = $1), exists (select 1 from "suspension_keys"
        join "suspensions" on "id" = "suspension_id"
        where "key" like $2 and "active"
          and "end_date" >= (now() at time zone 'Europe/Athens')::date) from (select 1) as one;

select "afm" from "citizens" where "citizens"."identity_card_key" = $1;

with "bound" as (update "tickets" set "full_name" = $1, "document_type" = $2, "document_id" = $3, "document_key" = $4, "private_code" = $5, "code_serial" = 1, "binding" = $6, "personalized_by" = $7, "modified_at" = now(), "personalized_at" = now() where ("tickets"."id" = $8 and "tickets"."document_id" is null and "tickets"."holder_afm" is null and "tickets"."holder_amka" is null and may_bind_ticket_6039dacfbcb17051($9::int8, null::text, null::text, $10::text)) returning "id", "public_code", "event_id", "sector", "gate", "row", "seat", "seasonal", "status", "holder_afm", "holder_amka", "full_name", "document_type", "document_id", "document_key", "installation_id", "anonymous", "skip_mode", "private_code", "code_serial", "binding", "personalized_by", "created_at", "modified_at", "personalized_at"), "audited" as (insert into "audit_log" ("actor", "action",
          "subject", "request_id", "details")
        select $11::text, $12::text, $13::text, $14::text, null::jsonb
        from "bound"
        returning "id") select "id", "public_code", "event_id", "sector", "gate", "row", "seat", "seasonal", "status", "holder_afm", "holder_amka", "full_name", "document_type", "document_id", "document_key", "installation_id", "anonymous", "skip_mode", "private_code", "code_serial", "binding", "personalized_by", "created_at", "modified_at", "personalized_at" from "bound";
