CREATE TABLE "abandoned_carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abandoned_carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_contact_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"order_mode_id" integer,
	"items" jsonb NOT NULL,
	"navigation_event" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"type" text NOT NULL,
	"branch_id" integer,
	"branch_contact_id" integer,
	"path" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branch_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"zone" text,
	"locality" text,
	"city" text,
	"address_country" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"call_phone" text,
	"whats_app_phone" text,
	"time_zone" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"mandatory_email" boolean DEFAULT false NOT NULL,
	"commercial_terms_blocked" boolean DEFAULT false NOT NULL,
	"between_streets_required" boolean DEFAULT false NOT NULL,
	"working_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nps_avg" double precision,
	"orders_console_active" boolean DEFAULT true NOT NULL,
	"accepts_online_payment" boolean DEFAULT false NOT NULL,
	"own_fleet" boolean DEFAULT false NOT NULL,
	"rider_security_code_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_contacts_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_message" text,
	"with_custom_logo" boolean DEFAULT false NOT NULL,
	"with_custom_horizontal_logo" boolean DEFAULT false NOT NULL,
	"with_custom_background_logo" boolean DEFAULT false NOT NULL,
	"with_custom_banner_logo" boolean DEFAULT false NOT NULL,
	"ask_for_location" boolean DEFAULT false NOT NULL,
	"fb_pixel_id" text,
	"google_tag_manager_id" text,
	"google_analytics_id" text,
	"general_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"menu_id" integer NOT NULL,
	"name" text NOT NULL,
	"show_name" text NOT NULL,
	"description" text,
	"visible" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency_code" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"currency_decimals" integer DEFAULT 2 NOT NULL,
	"phone_prefix" text NOT NULL,
	"mantissa_length" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"street" text NOT NULL,
	"number" text,
	"details" text,
	"between_streets" text,
	"city" text,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"name" text,
	"email" text,
	"document" text,
	"opt_in" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_contact_id" integer NOT NULL,
	"name" text NOT NULL,
	"polygon" jsonb NOT NULL,
	"cash_fee" bigint NOT NULL,
	"other_fee" bigint NOT NULL,
	"minimum_order" bigint DEFAULT 0 NOT NULL,
	"free_delivery_from" bigint,
	"accepts_cash" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diner_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diner_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"text" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_code_usages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_code_usages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"discount_code_id" integer NOT NULL,
	"phone" text NOT NULL,
	"order_id" integer,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" double precision DEFAULT 0 NOT NULL,
	"maximum_discount" bigint,
	"minimum_order_amount" bigint,
	"plate_id" integer,
	"category_name" text,
	"first_time_only" boolean DEFAULT false NOT NULL,
	"free_delivery" boolean DEFAULT false NOT NULL,
	"limited_usage" boolean DEFAULT false NOT NULL,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garnish_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "garnish_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plate_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_garnish_amount" integer DEFAULT 0 NOT NULL,
	"max_garnish_amount" integer DEFAULT 1 NOT NULL,
	"multiple_selection" boolean DEFAULT false NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garnishes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "garnishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "general_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "general_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_mode_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "general_surcharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "general_surcharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_mode_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "indicators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer,
	"show_name" text NOT NULL,
	"background_color" text NOT NULL,
	"text_color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"provider_name" text DEFAULT 'OWN_FLEET' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_orders_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_balances" (
	"customer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_balances_customer_id_branch_id_pk" PRIMARY KEY("customer_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_points_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"order_id" integer,
	"order_code" text,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"post_balance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"order_percentage" double precision NOT NULL,
	"min_redeemed_points" integer DEFAULT 0 NOT NULL,
	"max_redeemed_points" integer,
	"max_redeemed_percentage" double precision,
	"supports_discounts" boolean DEFAULT true NOT NULL,
	"branch_contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "loyalty_programs_branchId_unique" UNIQUE("branch_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_reward_claims" (
	"reward_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_reward_claims_reward_id_customer_id_pk" PRIMARY KEY("reward_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"branch_contact_id" integer,
	"reward" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_customizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_customizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"resource" text NOT NULL,
	"display_type" text,
	"theme" text,
	"commands" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_discount_plates" (
	"discount_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	CONSTRAINT "menu_discount_plates_discount_id_plate_id_pk" PRIMARY KEY("discount_id","plate_id")
);
--> statement-breakpoint
CREATE TABLE "menu_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"percentage" double precision,
	"fixed_discount" bigint,
	"buy" integer,
	"pay" integer,
	"final_price" bigint,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_featured_plates" (
	"menu_id" integer NOT NULL,
	"plate_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_featured_plates_menu_id_plate_id_kind_pk" PRIMARY KEY("menu_id","plate_id","kind")
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" double precision,
	"amount" bigint NOT NULL,
	"discount_reference_id" integer,
	"external_benefit_type" text,
	"code" text
);
--> statement-breakpoint
CREATE TABLE "order_item_extras" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_item_extras_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_item_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"multiple_selection" boolean DEFAULT false NOT NULL,
	"garnish_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"reference_type" text DEFAULT 'PLATE' NOT NULL,
	"name" text NOT NULL,
	"size_id" integer,
	"size_name" text,
	"category_id" integer,
	"category_show_name" text,
	"quantity" integer NOT NULL,
	"notes" text,
	"price_without_discount" bigint NOT NULL,
	"acc_price" bigint NOT NULL,
	"discount" jsonb,
	"source" text DEFAULT 'PLATE' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_mode_payment_types" (
	"order_mode_id" integer NOT NULL,
	"payment_type_id" integer NOT NULL,
	CONSTRAINT "order_mode_payment_types_order_mode_id_payment_type_id_pk" PRIMARY KEY("order_mode_id","payment_type_id")
);
--> statement-breakpoint
CREATE TABLE "order_mode_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_mode_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_mode_id" integer NOT NULL,
	"kind" text NOT NULL,
	"working_days" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_modes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_modes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_contact_id" integer NOT NULL,
	"type" text NOT NULL,
	"show_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"order_enabled" boolean DEFAULT true NOT NULL,
	"now_enabled" boolean DEFAULT true NOT NULL,
	"use_schedule" boolean DEFAULT false NOT NULL,
	"min_delay_in_minutes" integer,
	"max_delay_in_minutes" integer,
	"schedule_lead_minutes" integer DEFAULT 30 NOT NULL,
	"schedule_slot_minutes" integer DEFAULT 30 NOT NULL,
	"schedule_days_ahead" integer DEFAULT 7 NOT NULL,
	"menu_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount" bigint NOT NULL,
	"payment_upload" text,
	"provider" text,
	"payment_reference_id" text,
	"payment_url" text,
	"token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_surcharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_surcharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" double precision,
	"amount" bigint NOT NULL,
	"surcharge_reference_id" integer
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"order_mode_id" integer NOT NULL,
	"customer_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'GENERATED' NOT NULL,
	"currency" text NOT NULL,
	"customer_name" text NOT NULL,
	"phone" text NOT NULL,
	"customer_email" text,
	"customer_document" text,
	"table_uid" text,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"payment_type_id" integer,
	"payment_method" text NOT NULL,
	"pays_with" bigint,
	"items_price" bigint NOT NULL,
	"delivery_fee" bigint DEFAULT 0 NOT NULL,
	"user_service_fee" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"notes" text,
	"destination" jsonb,
	"source" text DEFAULT 'DIRECT' NOT NULL,
	"acquisition_channel" text,
	"installed_app" boolean DEFAULT false NOT NULL,
	"opt_in" boolean DEFAULT true NOT NULL,
	"min_delay_in_minutes" integer,
	"max_delay_in_minutes" integer,
	"redeemed_points" integer DEFAULT 0 NOT NULL,
	"earned_points" integer DEFAULT 0 NOT NULL,
	"error_type" text,
	"user_external_reference" text,
	"partner_name" text,
	"order_text" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code"),
	CONSTRAINT "orders_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_contact_id" integer NOT NULL,
	"show_name" text NOT NULL,
	"payment_method" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"upload" text DEFAULT 'APP' NOT NULL,
	"online_payment_method" text,
	"provider_name" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plate_indicators" (
	"plate_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	CONSTRAINT "plate_indicators_plate_id_indicator_id_pk" PRIMARY KEY("plate_id","indicator_id")
);
--> statement-breakpoint
CREATE TABLE "plate_sizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plate_sizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plate_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"show_name" text NOT NULL,
	"description" text,
	"price" bigint NOT NULL,
	"max_quantity" integer,
	"visible" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"excluded_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"rider_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "riders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_contact_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"last_lat" double precision,
	"last_lng" double precision,
	"last_location_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_fees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_mode_id" integer NOT NULL,
	"user_fee" bigint DEFAULT 0 NOT NULL,
	"percentage_user_fee" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "service_fees_orderModeId_unique" UNIQUE("order_mode_id")
);
--> statement-breakpoint
CREATE TABLE "shipment_stacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_stacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_contact_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"rider_id" integer,
	"provider_name" text DEFAULT 'OWN_FLEET' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"logistics_order_id" integer NOT NULL,
	"branch_contact_id" integer NOT NULL,
	"status" text DEFAULT 'LOOKING_FOR_DRIVER' NOT NULL,
	"shipment_stack_id" integer,
	"stacking_order" integer DEFAULT 0 NOT NULL,
	"return_shipment" boolean DEFAULT false NOT NULL,
	"rider_id" integer,
	"security_code" text NOT NULL,
	"min_eta" timestamp with time zone,
	"max_eta" timestamp with time zone,
	"provider_name" text DEFAULT 'OWN_FLEET' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'MANAGER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"diner_order_id" integer NOT NULL,
	"ordering_customer_id" integer,
	"question_title" text NOT NULL,
	"answer" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"question_type" text,
	"priority" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"type" text NOT NULL,
	"question_type" text,
	"question_order" integer NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"question_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_contact_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_contacts" ADD CONSTRAINT "branch_contacts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_contacts" ADD CONSTRAINT "branch_contacts_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_usages" ADD CONSTRAINT "discount_code_usages_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garnish_groups" ADD CONSTRAINT "garnish_groups_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garnishes" ADD CONSTRAINT "garnishes_group_id_garnish_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."garnish_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_discounts" ADD CONSTRAINT "general_discounts_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_surcharges" ADD CONSTRAINT "general_surcharges_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_orders" ADD CONSTRAINT "logistics_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_orders" ADD CONSTRAINT "logistics_orders_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points_ledger" ADD CONSTRAINT "loyalty_points_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points_ledger" ADD CONSTRAINT "loyalty_points_ledger_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_reward_claims" ADD CONSTRAINT "loyalty_reward_claims_reward_id_loyalty_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."loyalty_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_reward_claims" ADD CONSTRAINT "loyalty_reward_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_customizations" ADD CONSTRAINT "menu_customizations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_discount_plates" ADD CONSTRAINT "menu_discount_plates_discount_id_menu_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."menu_discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_discount_plates" ADD CONSTRAINT "menu_discount_plates_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_discounts" ADD CONSTRAINT "menu_discounts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_featured_plates" ADD CONSTRAINT "menu_featured_plates_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_featured_plates" ADD CONSTRAINT "menu_featured_plates_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_extras" ADD CONSTRAINT "order_item_extras_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_mode_payment_types" ADD CONSTRAINT "order_mode_payment_types_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_mode_payment_types" ADD CONSTRAINT "order_mode_payment_types_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_mode_schedules" ADD CONSTRAINT "order_mode_schedules_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_modes" ADD CONSTRAINT "order_modes_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_modes" ADD CONSTRAINT "order_modes_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_surcharges" ADD CONSTRAINT "order_surcharges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_indicators" ADD CONSTRAINT "plate_indicators_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_indicators" ADD CONSTRAINT "plate_indicators_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_sizes" ADD CONSTRAINT "plate_sizes_plate_id_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plates" ADD CONSTRAINT "plates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_tokens" ADD CONSTRAINT "rider_tokens_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riders" ADD CONSTRAINT "riders_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_order_mode_id_order_modes_id_fk" FOREIGN KEY ("order_mode_id") REFERENCES "public"."order_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD CONSTRAINT "shipment_stacks_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_stacks" ADD CONSTRAINT "shipment_stacks_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_logistics_order_id_logistics_orders_id_fk" FOREIGN KEY ("logistics_order_id") REFERENCES "public"."logistics_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipment_stack_id_shipment_stacks_id_fk" FOREIGN KEY ("shipment_stack_id") REFERENCES "public"."shipment_stacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_diner_order_id_orders_id_fk" FOREIGN KEY ("diner_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_ordering_customer_id_customers_id_fk" FOREIGN KEY ("ordering_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_branch_contact_id_branch_contacts_id_fk" FOREIGN KEY ("branch_contact_id") REFERENCES "public"."branch_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abandoned_carts_phone_branch_contact_id_index" ON "abandoned_carts" USING btree ("phone","branch_contact_id");--> statement-breakpoint
CREATE INDEX "analytics_events_branch_id_type_created_at_index" ON "analytics_events" USING btree ("branch_id","type","created_at");--> statement-breakpoint
CREATE INDEX "branch_contacts_branch_id_index" ON "branch_contacts" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "categories_menu_id_index" ON "categories" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_id_index" ON "customer_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "delivery_zones_branch_contact_id_index" ON "delivery_zones" USING btree ("branch_contact_id");--> statement-breakpoint
CREATE INDEX "discount_code_usages_discount_code_id_status_index" ON "discount_code_usages" USING btree ("discount_code_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_branch_id_code_index" ON "discount_codes" USING btree ("branch_id","code");--> statement-breakpoint
CREATE INDEX "files_branch_id_type_index" ON "files" USING btree ("branch_id","type");--> statement-breakpoint
CREATE INDEX "garnish_groups_plate_id_index" ON "garnish_groups" USING btree ("plate_id");--> statement-breakpoint
CREATE INDEX "garnishes_group_id_index" ON "garnishes" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "loyalty_points_ledger_customer_id_branch_id_created_at_index" ON "loyalty_points_ledger" USING btree ("customer_id","branch_id","created_at");--> statement-breakpoint
CREATE INDEX "menu_customizations_branch_id_index" ON "menu_customizations" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "order_discounts_order_id_index" ON "order_discounts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_item_extras_order_item_id_index" ON "order_item_extras" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_order_id_index" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_mode_schedules_order_mode_id_index" ON "order_mode_schedules" USING btree ("order_mode_id");--> statement-breakpoint
CREATE INDEX "order_modes_branch_contact_id_index" ON "order_modes" USING btree ("branch_contact_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_id_index" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_surcharges_order_id_index" ON "order_surcharges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_branch_contact_id_ordered_at_index" ON "orders" USING btree ("branch_contact_id","ordered_at");--> statement-breakpoint
CREATE INDEX "orders_phone_index" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "plate_sizes_plate_id_index" ON "plate_sizes" USING btree ("plate_id");--> statement-breakpoint
CREATE INDEX "plates_category_id_index" ON "plates" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "riders_branch_contact_id_phone_index" ON "riders" USING btree ("branch_contact_id","phone");--> statement-breakpoint
CREATE INDEX "shipments_branch_contact_id_status_index" ON "shipments" USING btree ("branch_contact_id","status");--> statement-breakpoint
CREATE INDEX "shipments_rider_id_index" ON "shipments" USING btree ("rider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_diner_order_id_question_id_index" ON "survey_answers" USING btree ("diner_order_id","question_id");--> statement-breakpoint
CREATE INDEX "survey_questions_survey_id_index" ON "survey_questions" USING btree ("survey_id");