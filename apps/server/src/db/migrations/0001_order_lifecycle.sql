CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"staff_id" integer,
	"rider_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_to_status_check" CHECK (to_status in ('UNCONFIRMED', 'GENERATED', 'ACCEPTED', 'READY', 'DELIVERED', 'CANCELED', 'PAY_NEEDED', 'PAYMENT_EXPIRED')),
	CONSTRAINT "order_events_actor_check" CHECK (actor in ('STAFF', 'RIDER', 'SYSTEM', 'PAYMENT_PROVIDER', 'DINER'))
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" ALTER COLUMN "role" SET DEFAULT 'STAFF';--> statement-breakpoint
ALTER TABLE "branch_contacts" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preparation_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_id_created_at_index" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_points_ledger_order_reason_key" ON "loyalty_points_ledger" USING btree ("order_id","reason") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "shipments_logistics_order_id_index" ON "shipments" USING btree ("logistics_order_id");--> statement-breakpoint
ALTER TABLE "loyalty_points_ledger" ADD CONSTRAINT "loyalty_points_ledger_reason_check" CHECK (reason in ('EARNED', 'REDEEMED', 'REDEMPTION_RETURNED', 'REWARD', 'ADJUSTMENT'));--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_status_check" CHECK (status in ('PENDING', 'PROCESSING', 'PAID', 'REJECTED', 'EXPIRED'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('UNCONFIRMED', 'GENERATED', 'ACCEPTED', 'READY', 'DELIVERED', 'CANCELED', 'PAY_NEEDED', 'PAYMENT_EXPIRED'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_status_check" CHECK (status in ('LOOKING_FOR_DRIVER', 'ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF', 'ON_ROUTE_TO_DROP_OFFS', 'DELIVERED', 'RETURNED', 'DRIVER_CANCELED', 'STACKING'));--> statement-breakpoint
-- accounts made before roles existed were the branch's managers: they become its owners
UPDATE "staff_accounts" SET "role" = 'OWNER' WHERE "role" NOT IN ('OWNER', 'STAFF');--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_check" CHECK (role in ('OWNER', 'STAFF'));