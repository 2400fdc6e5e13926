ALTER TABLE "presentation_requests" ADD COLUMN "refused_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presentation_requests" ADD COLUMN "response_key" jsonb;