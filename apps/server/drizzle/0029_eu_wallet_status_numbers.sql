-- A credential's place in the status lists, apart from its id (docs/design.md §12): new credentials
-- are placed at random. Those issued before keep the place their id gave them when a list held 65,536
-- (list (id - 1) div 65536 + 1, index (id - 1) mod 65536), numbered as lists of 1,048,576 number it.
ALTER TABLE "issued_credentials" ADD COLUMN "status_number" bigint;--> statement-breakpoint
UPDATE "issued_credentials" SET "status_number" = ("id" - 1) / 65536 * 1048576 + ("id" - 1) % 65536 + 1;--> statement-breakpoint
ALTER TABLE "issued_credentials" ALTER COLUMN "status_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_credentials_status_key" ON "issued_credentials" USING btree ("status_number");
