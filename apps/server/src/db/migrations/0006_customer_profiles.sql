CREATE TABLE "customer_profiles" (
	"customer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text,
	"email" text,
	"document" text,
	"opt_in" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_profiles_customer_id_branch_id_pk" PRIMARY KEY("customer_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_profiles_branch_id_index" ON "customer_profiles" USING btree ("branch_id");--> statement-breakpoint
-- A profile per customer and business the customer ordered from, with what the latest order there said
-- (the e-mail and document of the latest order that gave one, as placing an order kept them).
INSERT INTO "customer_profiles" ("customer_id", "branch_id", "name", "email", "document", "opt_in", "created_at", "updated_at")
SELECT DISTINCT ON (o."customer_id", bc."branch_id")
  o."customer_id",
  bc."branch_id",
  o."customer_name",
  (SELECT o2."customer_email" FROM "orders" o2 JOIN "branch_contacts" b2 ON b2."id" = o2."branch_contact_id"
    WHERE o2."customer_id" = o."customer_id" AND b2."branch_id" = bc."branch_id" AND o2."customer_email" IS NOT NULL
    ORDER BY o2."ordered_at" DESC, o2."id" DESC LIMIT 1),
  (SELECT o2."customer_document" FROM "orders" o2 JOIN "branch_contacts" b2 ON b2."id" = o2."branch_contact_id"
    WHERE o2."customer_id" = o."customer_id" AND b2."branch_id" = bc."branch_id" AND o2."customer_document" IS NOT NULL
    ORDER BY o2."ordered_at" DESC, o2."id" DESC LIMIT 1),
  o."opt_in",
  min(o."ordered_at") OVER (PARTITION BY o."customer_id", bc."branch_id"),
  o."ordered_at"
FROM "orders" o JOIN "branch_contacts" bc ON bc."id" = o."branch_contact_id"
WHERE o."customer_id" IS NOT NULL
ORDER BY o."customer_id", bc."branch_id", o."ordered_at" DESC, o."id" DESC;--> statement-breakpoint
-- Customers a business knows only by their points keep the one row they had.
INSERT INTO "customer_profiles" ("customer_id", "branch_id", "name", "email", "document", "opt_in", "created_at")
SELECT c."id", lb."branch_id", c."name", c."email", c."document", c."opt_in", c."created_at"
FROM "loyalty_balances" lb JOIN "customers" c ON c."id" = lb."customer_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "customer_addresses" DROP CONSTRAINT "customer_addresses_customer_id_customers_id_fk";
--> statement-breakpoint
DROP INDEX "customer_addresses_customer_id_index";--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "locality" text;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "last_order_id" integer;--> statement-breakpoint
-- An address was the customer's everywhere: it is remembered at each business that has the customer's
-- profile; one the customer never used with a business is dropped.
INSERT INTO "customer_addresses" ("customer_id", "branch_id", "street", "number", "details", "between_streets", "city", "lat", "lng", "created_at")
SELECT a."customer_id", p."branch_id", a."street", a."number", a."details", a."between_streets", a."city", a."lat", a."lng", a."created_at"
FROM "customer_addresses" a JOIN "customer_profiles" p ON p."customer_id" = a."customer_id"
WHERE a."branch_id" IS NULL;--> statement-breakpoint
DELETE FROM "customer_addresses" WHERE "branch_id" IS NULL;--> statement-breakpoint
-- the same place twice at one business is one address (the newest row stays)
DELETE FROM "customer_addresses" a USING "customer_addresses" b
WHERE a."customer_id" = b."customer_id" AND a."branch_id" = b."branch_id"
  AND lower(a."street") = lower(b."street")
  AND lower(coalesce(a."number", '')) = lower(coalesce(b."number", ''))
  AND lower(coalesce(a."details", '')) = lower(coalesce(b."details", ''))
  AND a."id" < b."id";--> statement-breakpoint
ALTER TABLE "customer_addresses" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_branch_id_customer_profiles_customer_id_branch_id_fk" FOREIGN KEY ("customer_id","branch_id") REFERENCES "public"."customer_profiles"("customer_id","branch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_place_key" ON "customer_addresses" USING btree ("customer_id","branch_id",lower(street),lower(coalesce(number, '')),lower(coalesce(details, '')));--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "document";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "opt_in";
