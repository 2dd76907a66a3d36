CREATE TABLE "external_benefit_grants" (
	"id" integer PRIMARY KEY NOT NULL,
	"partner" text NOT NULL,
	"external_user_id" text NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"order_mode_type" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" double precision NOT NULL,
	"external_benefit_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "client_reference" text;--> statement-breakpoint
ALTER TABLE "external_benefit_grants" ADD CONSTRAINT "external_benefit_grants_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_benefit_grants_partner_external_user_id_index" ON "external_benefit_grants" USING btree ("partner","external_user_id");--> statement-breakpoint
CREATE INDEX "external_benefit_grants_expires_at_index" ON "external_benefit_grants" USING btree ("expires_at");