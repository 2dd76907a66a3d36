CREATE TABLE "payment_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"provider" text NOT NULL,
	"connected_via" text NOT NULL,
	"credentials" text,
	"public_key" text,
	"external_account_id" text NOT NULL,
	"label" text,
	"expires_at" timestamp with time zone,
	"connected_by_staff_id" integer,
	"connected_at" timestamp with time zone NOT NULL,
	"disconnected_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_accounts_provider_check" CHECK (provider in ('SANDBOX', 'MERCADO_PAGO', 'TRANSBANK'))
);
--> statement-breakpoint
CREATE TABLE "payment_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"staff_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "payment_account_id" integer;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_connected_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("connected_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_oauth_states" ADD CONSTRAINT "payment_oauth_states_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_oauth_states" ADD CONSTRAINT "payment_oauth_states_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_connected_branch_key" ON "payment_accounts" USING btree ("branch_id") WHERE disconnected_at is null;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE set null ON UPDATE no action;