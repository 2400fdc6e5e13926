CREATE TABLE "gate_manifest_rows" (
	"event_id" bigint NOT NULL,
	"mark" text NOT NULL,
	"sealed" text,
	"tag" text,
	"changed_at" integer NOT NULL,
	CONSTRAINT "gate_manifest_rows_event_id_mark_pk" PRIMARY KEY("event_id","mark")
);
--> statement-breakpoint
CREATE TABLE "gate_manifests" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"salt" text NOT NULL,
	"keys_digest" text NOT NULL,
	"revision" integer NOT NULL,
	"digest" text NOT NULL,
	"header" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_manifest_rows" ADD CONSTRAINT "gate_manifest_rows_event_id_gate_manifests_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."gate_manifests"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_manifests" ADD CONSTRAINT "gate_manifests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_manifest_rows_changed_idx" ON "gate_manifest_rows" USING btree ("event_id","changed_at");