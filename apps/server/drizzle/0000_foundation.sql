CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"request_id" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "citizens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"afm" text,
	"amka" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"father_name" text,
	"mother_name" text,
	"birth_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardianships" (
	"guardian_id" bigint NOT NULL,
	"minor_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardianships_guardian_id_minor_id_pk" PRIMARY KEY("guardian_id","minor_id")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"return_base" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "officers" (
	"afm" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"afm" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxis_standin_grants" (
	"code" text PRIMARY KEY NOT NULL,
	"afm" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"access_token" text,
	"exchanged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_guardian_id_citizens_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."citizens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_minor_id_citizens_id_fk" FOREIGN KEY ("minor_id") REFERENCES "public"."citizens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "citizens_afm_key" ON "citizens" USING btree ("afm");--> statement-breakpoint
CREATE UNIQUE INDEX "citizens_amka_key" ON "citizens" USING btree ("amka");--> statement-breakpoint
CREATE INDEX "guardianships_minor_idx" ON "guardianships" USING btree ("minor_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "taxis_standin_grants_token_key" ON "taxis_standin_grants" USING btree ("access_token");