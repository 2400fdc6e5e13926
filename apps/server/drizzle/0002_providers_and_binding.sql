CREATE TABLE "providers" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"api_key_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "private_code" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "binding" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "personalized_by" text;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;