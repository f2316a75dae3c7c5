# Every long-running service as one group (`count` = replicas), readers one group per line of
# deploy/readers.txt (readers.vars.hcl). Run from this directory, after nats.nomad.hcl:
#   nomad job run -var-file=readers.vars.hcl -var image=registry.example/licence-verify:2026.11.24 licence-verify.nomad.hcl
# Secrets come from the Nomad variable nomad/jobs/licence-verify (see README.md).

variable "image" {
  type        = string
  description = "the release's image, pinned by tag or digest"
}

variable "readers" {
  type        = map(string)
  description = "reader group name => READER_JURISDICTIONS (readers.vars.hcl, generated from deploy/readers.txt)"
}

locals {
  # What every service task has; the template adds DATABASE_URL, WEBHOOK_SECRET_KEY, NATS_URL and NATS_PASSWORD
  # The gateway's evidence keys go through toJSON: a JWK holds quotes, which an env file takes only inside a quoted value.
  common_env = {
    HEALTH_PORT         = "9000"
    LOG_LEVEL           = "info"
    SHUTDOWN_TIMEOUT_MS = "20000"
    JETSTREAM_REPLICAS  = "3"
    PUBLIC_BASE_URL     = "https://api.licence-verify.example"
    APP_URL             = "https://app.licence-verify.example"
    PRICING_URL         = "https://licence-verify.example/pricing"
    MCP_URL             = "https://api.licence-verify.example"
    # The load balancer in front of the gateway and the dashboard: the only peers whose X-Forwarded-* count.
    TRUSTED_PROXIES     = "10.30.0.10,10.30.0.11"
  }

  # pool is DATABASE_POOL_MAX: count x pool summed over every group stays under PostgreSQL's max_connections (README.md).
  # memory (MB) is the Kubernetes container's memory limit: a checker holds the whole index, a reader a register's files.
  fixed_services = {
    # Batches as parts of 25 domains, answered side by side by the checker replicas (ADR 0033, 0045); key-cache and
    # allowance leases of 2 s (ADR 0031): a revocation waits at most that long for a gateway that never answers.
    gateway   = { count = 3, entry = "services/gateway/src/main.ts", http_port = 8080, nats_user = "gateway", pool = 10, memory = 768, env = { CHECK_BATCH_PART_DOMAINS = "25", KEY_LEASE_MS = "2000" } }
    checker   = { count = 3, entry = "services/checker/src/main.ts", http_port = 0, nats_user = "checker", pool = 4, memory = 1024, env = {} }
    notifier  = { count = 2, entry = "services/notifier/src/main.ts", http_port = 0, nats_user = "notifier", pool = 20, memory = 768, env = {} }
    exporter  = { count = 1, entry = "services/exporter/src/main.ts", http_port = 0, nats_user = "exporter", pool = 6, memory = 768, env = {} }
    dashboard = { count = 2, entry = "services/dashboard/src/main.ts", http_port = 8090, nats_user = "dashboard", pool = 5, memory = 512, env = {} }
  }

  # Most PostgreSQL connections all groups together may hold (max_connections less reserved slots).
  postgres_connection_budget = 190

  reader = { count = 1, entry = "services/reader/src/main.ts", http_port = 0, nats_user = "reader", pool = 10, memory = 1536 }

  services = merge(local.fixed_services, {
    for name, jurisdictions in var.readers : "reader-${name}" => merge(local.reader, { env = { READER_JURISDICTIONS = jurisdictions } })
  })
}

job "licence-verify" {
  type = "service"

  # One replica at a time, kept only once healthy; a release that never becomes healthy rolls back.
  update {
    max_parallel      = 1
    min_healthy_time  = "10s"
    healthy_deadline  = "3m"
    progress_deadline = "10m"
    auto_revert       = true
  }

  # Replicas of a group on different nodes, so losing one node loses one replica of each.
  spread {
    attribute = "${node.unique.id}"
  }

  dynamic "group" {
    for_each = local.services
    labels   = [group.key]

    content {
      count = group.value.count

      network {
        port "health" {
          to = 9000
        }
        dynamic "port" {
          for_each = group.value.http_port > 0 ? [group.value.http_port] : []
          labels   = ["http"]
          content {
            to = port.value
          }
        }
      }

      # The HTTP service the load balancer sends traffic to, checked as Kubernetes probes readiness (/readyz on the health
      # port, every 5 s): an allocation starting, stopping or without its dependencies shows as failing in Nomad's catalogue.
      dynamic "service" {
        for_each = group.value.http_port > 0 ? [group.key] : []
        content {
          name     = service.value
          port     = "http"
          provider = "nomad"
          tags     = ["http"]

          check {
            name     = "ready"
            type     = "http"
            port     = "health"
            path     = "/readyz"
            interval = "5s"
            timeout  = "2s"
          }
        }
      }

      # /metrics for Prometheus (the tag `metrics`, deploy/README.md); readiness as above, and liveness
      # as Kubernetes probes it: /healthz every 10 s, the task restarted after 3 failures in a row.
      service {
        name     = "${group.key}-health"
        port     = "health"
        provider = "nomad"
        tags     = ["metrics"]

        check {
          name     = "ready"
          type     = "http"
          path     = "/readyz"
          interval = "5s"
          timeout  = "2s"
        }

        check {
          name     = "live"
          type     = "http"
          path     = "/healthz"
          interval = "10s"
          timeout  = "2s"
          task     = "service"

          check_restart {
            limit = 3
            grace = "10s"
          }
        }
      }

      # The release's migrations before the service starts, in every group (a new image is a new job version, so
      # each release runs them); the advisory lock lets one apply them, the others find nothing left to do.
      task "migrate" {
        driver = "docker"

        lifecycle {
          hook    = "prestart"
          sidecar = false
        }

        config {
          image   = var.image
          command = "bun"
          args    = ["packages/db/src/migrate-cli.ts"]
        }

        template {
          destination = "secrets/env"
          env         = true
          data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}DATABASE_URL={{ .DATABASE_URL }}{{ end }}
EOT
        }

        resources {
          cpu    = 100
          memory = 128
        }
      }

      task "service" {
        driver       = "docker"
        kill_timeout = "30s"
        # Out of service discovery first, so no request arrives after the task began to stop.
        shutdown_delay = "5s"

        config {
          image    = var.image
          command  = "bun"
          args     = [group.value.entry]
          ports    = group.value.http_port > 0 ? ["health", "http"] : ["health"]
          readonly_rootfs = true
          mount {
            type   = "tmpfs"
            target = "/tmp"
          }
        }

        template {
          destination = "secrets/env"
          env         = true
          change_mode = "restart"
          data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}
DATABASE_URL={{ .DATABASE_URL }}
WEBHOOK_SECRET_KEY={{ .WEBHOOK_SECRET_KEY }}
%{if group.value.nats_user != ""}NATS_PASSWORD={{ .NATS_PASSWORD_${upper(group.value.nats_user)} }}%{endif}
%{if contains(["gateway", "dashboard"], group.key)}OAUTH_TOKEN_SECRET={{ .OAUTH_TOKEN_SECRET }}%{endif}
%{if group.key == "gateway"}EVIDENCE_SIGNING_KEY={{ .EVIDENCE_SIGNING_KEY | toJSON }}
EVIDENCE_PUBLIC_KEYS={{ .EVIDENCE_PUBLIC_KEYS | toJSON }}%{endif}
{{ end }}
NATS_URL={{ range $i, $s := nomadService "nats" }}{{ if $i }},{{ end }}nats://{{ $s.Address }}:{{ $s.Port }}{{ end }}
%{if group.key == "dashboard"}{{ range nomadService 1 (env "NOMAD_ALLOC_ID") "gateway" }}API_BASE_URL=http://{{ .Address }}:{{ .Port }}{{ end }}
{{ with nomadVar "nomad/jobs/licence-verify" }}DASHBOARD_MAIL_URL={{ .DASHBOARD_MAIL_URL }}{{ end }}%{endif}
EOT
        }

        env = merge(local.common_env, group.value.env, {
          PORT              = tostring(group.value.http_port)
          DATABASE_POOL_MAX = tostring(group.value.pool)
          NATS_USER         = group.value.nats_user
        })

        resources {
          cpu    = 500
          memory = group.value.memory
        }
      }
    }
  }

  # PostgreSQL's own series (connections, settings) for Prometheus, read with the services' DATABASE_URL from the job's
  # variable: two connections (the exporter's two pools of one), counted in postgres_connection_budget.
  group "postgres-exporter" {
    count = 1

    network {
      port "metrics" {
        to = 9187
      }
    }

    service {
      name     = "postgres-exporter"
      port     = "metrics"
      provider = "nomad"
      tags     = ["metrics"]

      check {
        name     = "listening"
        type     = "tcp"
        interval = "10s"
        timeout  = "2s"
      }
    }

    task "exporter" {
      driver = "docker"

      config {
        image           = "prometheuscommunity/postgres-exporter:v0.17.1"
        ports           = ["metrics"]
        readonly_rootfs = true
      }

      template {
        destination = "secrets/env"
        env         = true
        change_mode = "restart"
        data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}DATA_SOURCE_NAME={{ .DATABASE_URL }}{{ end }}
EOT
      }

      resources {
        cpu    = 100
        memory = 64
      }
    }
  }
}
