CREATE TABLE "payment_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_status_check" CHECK (status in ('REQUESTED', 'PENDING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "status_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"order_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"via" text,
	"actor" text NOT NULL,
	"staff_id" integer,
	"rider_id" integer,
	"reason" text,
	"amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_events_entity_check" CHECK (entity in ('ORDER', 'SHIPMENT', 'STACK', 'PAYMENT')),
	CONSTRAINT "status_events_actor_check" CHECK (actor in ('STAFF', 'RIDER', 'SYSTEM', 'PAYMENT_PROVIDER', 'DINER'))
);
--> statement-breakpoint
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_status_check";--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_events" ADD CONSTRAINT "status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_events" ADD CONSTRAINT "status_events_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_events" ADD CONSTRAINT "status_events_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_payment_id_reason_index" ON "payment_refunds" USING btree ("payment_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key_index" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_status_index" ON "payment_refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "status_events_order_id_created_at_index" ON "status_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "status_events_entity_entity_id_index" ON "status_events" USING btree ("entity","entity_id");--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_status_check" CHECK (status in ('PENDING', 'PROCESSING', 'PAID', 'REJECTED', 'EXPIRED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'CHARGED_BACK'));--> statement-breakpoint
UPDATE "shipment_stacks" SET "status" = 'FINISHED' WHERE "status" NOT IN ('PENDING', 'ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFFS', 'FINISHED', 'DRIVER_CANCELED');--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD CONSTRAINT "shipment_stacks_status_check" CHECK (status in ('PENDING', 'ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFFS', 'FINISHED', 'DRIVER_CANCELED'));