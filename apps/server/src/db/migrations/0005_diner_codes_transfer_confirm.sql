CREATE TABLE "diner_sign_in_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diner_sign_in_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "branch_contacts" ADD COLUMN "confirm_order_before_placing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_types" ADD COLUMN "bank_alias" text;--> statement-breakpoint
ALTER TABLE "payment_types" ADD COLUMN "bank_cbu" text;--> statement-breakpoint
ALTER TABLE "payment_types" ADD COLUMN "bank_holder" text;--> statement-breakpoint
CREATE INDEX "diner_sign_in_codes_phone_created_at_index" ON "diner_sign_in_codes" USING btree ("phone","created_at");--> statement-breakpoint
-- Argentine mobiles typed nationally ('11 5555-0101') used to be stored without the mobile 9
-- (+541155550101); diners' phones are mobiles, so they get it, unless that would collide with a customer
-- who already has the right number.
UPDATE "customers" SET "phone" = '+549' || substr("phone", 4)
WHERE "phone" ~ '^\+54[1-8][0-9]{9}$'
  AND NOT EXISTS (SELECT 1 FROM "customers" c2 WHERE c2."phone" = '+549' || substr("customers"."phone", 4));--> statement-breakpoint
UPDATE "orders" SET "phone" = '+549' || substr("phone", 4) WHERE "phone" ~ '^\+54[1-8][0-9]{9}$';--> statement-breakpoint
UPDATE "abandoned_carts" SET "phone" = '+549' || substr("phone", 4) WHERE "phone" ~ '^\+54[1-8][0-9]{9}$';
