CREATE TABLE "wallet_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_uri_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"wallet_name" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"state" text,
	"issuer_state_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "credential_offers" ALTER COLUMN "tx_code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credential_offers" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "credential_offers" ADD COLUMN "redirect_uri" text;--> statement-breakpoint
ALTER TABLE "credential_offers" ADD COLUMN "code_challenge" text;--> statement-breakpoint
ALTER TABLE "credential_offers" ADD COLUMN "issuer_state_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_authorizations_request_uri_key" ON "wallet_authorizations" USING btree ("request_uri_hash");--> statement-breakpoint
CREATE INDEX "wallet_authorizations_expires_idx" ON "wallet_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "credential_offers_issuer_state_idx" ON "credential_offers" USING btree ("issuer_state_hash");