CREATE TABLE "companion_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guardian_id" bigint NOT NULL,
	"minor_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"companion_afm" text NOT NULL,
	"companion_name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaces_id" uuid
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"external_id" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"venue" text NOT NULL,
	"seasonal" boolean DEFAULT false NOT NULL,
	"display_mode" text DEFAULT 'QR' NOT NULL,
	"allow_transfer" boolean DEFAULT true NOT NULL,
	"max_transfers" integer DEFAULT 5 NOT NULL,
	"transfer_minute_limit" integer DEFAULT 120 NOT NULL,
	"min_to_auto_revert_transferred_ticket" integer,
	"ignore_transfers" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suspensions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"afm" text,
	"amka" text,
	"document_id" text,
	"first_name" text,
	"fathers_name" text,
	"last_name" text,
	"date_of_birth" date,
	"end_date" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_code" text NOT NULL,
	"event_id" bigint NOT NULL,
	"sector" text,
	"gate" text,
	"row" text,
	"seat" text,
	"seasonal" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"holder_afm" text,
	"holder_amka" text,
	"full_name" text,
	"document_type" text,
	"document_id" text,
	"installation_id" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"skip_mode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"personalized_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companion_declarations" ADD CONSTRAINT "companion_declarations_guardian_id_citizens_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."citizens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_declarations" ADD CONSTRAINT "companion_declarations_minor_id_citizens_id_fk" FOREIGN KEY ("minor_id") REFERENCES "public"."citizens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_declarations" ADD CONSTRAINT "companion_declarations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companion_declarations_one_live_key" ON "companion_declarations" USING btree ("minor_id","ticket_id") WHERE status in ('PENDING', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "companion_declarations_guardian_idx" ON "companion_declarations" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "companion_declarations_companion_idx" ON "companion_declarations" USING btree ("companion_afm");--> statement-breakpoint
CREATE UNIQUE INDEX "events_organisation_external_key" ON "events" USING btree ("organisation_id","external_id");--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "suspensions_afm_idx" ON "suspensions" USING btree ("afm");--> statement-breakpoint
CREATE INDEX "suspensions_amka_idx" ON "suspensions" USING btree ("amka");--> statement-breakpoint
CREATE INDEX "suspensions_document_idx" ON "suspensions" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_public_code_key" ON "tickets" USING btree ("public_code");--> statement-breakpoint
CREATE INDEX "tickets_event_idx" ON "tickets" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "tickets_holder_afm_idx" ON "tickets" USING btree ("holder_afm");--> statement-breakpoint
CREATE INDEX "tickets_holder_amka_idx" ON "tickets" USING btree ("holder_amka");