CREATE TABLE "credential_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"tx_code_hash" text NOT NULL,
	"ticket_id" bigint NOT NULL,
	"scope_event_id" bigint NOT NULL,
	"transfer_id" uuid,
	"issued_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone,
	"access_token_hash" text,
	"access_token_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issuance_nonces" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_credentials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"ticket_id" bigint NOT NULL,
	"scope_event_id" bigint NOT NULL,
	"transfer_id" uuid,
	"issued_to" text NOT NULL,
	"holder_afm" text,
	"holder_amka" text,
	"code_serial" integer NOT NULL,
	"key_thumbprint" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credential_offers" ADD CONSTRAINT "credential_offers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_offers" ADD CONSTRAINT "credential_offers_scope_event_id_events_id_fk" FOREIGN KEY ("scope_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_offers" ADD CONSTRAINT "credential_offers_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_offer_id_credential_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."credential_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_scope_event_id_events_id_fk" FOREIGN KEY ("scope_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_offers_code_key" ON "credential_offers" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_offers_access_token_key" ON "credential_offers" USING btree ("access_token_hash");--> statement-breakpoint
CREATE INDEX "credential_offers_ticket_idx" ON "credential_offers" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "issuance_nonces_expires_idx" ON "issuance_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_credentials_offer_key" ON "issued_credentials" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "issued_credentials_ticket_idx" ON "issued_credentials" USING btree ("ticket_id");