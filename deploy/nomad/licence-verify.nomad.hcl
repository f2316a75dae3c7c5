# Every long-running service as one group; `count` is the replica count.
# Settings come from the Nomad variable nomad/jobs/licence-verify (DATABASE_URL, NATS_URL, WEBHOOK_SECRET_KEY, DASHBOARD_MAIL_URL, OAUTH_TOKEN_SECRET).

locals {
  services = {
    gateway         = { count = 3, entry = "services/gateway/src/main.ts", http_port = 8080, env = {} }
    checker         = { count = 3, entry = "services/checker/src/main.ts", http_port = 0, env = {} }
    reader-uk-mt    = { count = 1, entry = "services/reader/src/main.ts", http_port = 0, env = { READER_JURISDICTIONS = "UKGC,MGA,IOM" } }
    reader-offshore = { count = 1, entry = "services/reader/src/main.ts", http_port = 0, env = { READER_JURISDICTIONS = "CW,KH,AN,TGC" } }
    notifier        = { count = 2, entry = "services/notifier/src/main.ts", http_port = 0, env = {} }
    exporter        = { count = 1, entry = "services/exporter/src/main.ts", http_port = 0, env = {} }
    dashboard       = { count = 2, entry = "services/dashboard/src/main.ts", http_port = 8090, env = { API_BASE_URL = "http://gateway.service.consul:8080" } }
  }
}

job "licence-verify" {
  type = "service"

  dynamic "group" {
    for_each = local.services
    labels   = [group.key]

    content {
      count = group.value.count

      network {
        port "health" {}
        dynamic "port" {
          for_each = group.value.http_port > 0 ? [group.value.http_port] : []
          labels   = ["http"]
          content {
            static = port.value
          }
        }
      }

      task "service" {
        driver       = "exec"
        kill_timeout = "30s"

        config {
          command = "bun"
          args    = [group.value.entry]
        }

        template {
          destination = "secrets/env"
          env         = true
          data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}
DATABASE_URL={{ .DATABASE_URL }}
NATS_URL={{ .NATS_URL }}
WEBHOOK_SECRET_KEY={{ .WEBHOOK_SECRET_KEY }}
OAUTH_TOKEN_SECRET={{ .OAUTH_TOKEN_SECRET }}
DASHBOARD_MAIL_URL={{ .DASHBOARD_MAIL_URL }}
{{ end }}
EOT
        }

        env = merge({
          HEALTH_PORT         = "${NOMAD_PORT_health}"
          LOG_LEVEL           = "info"
          SHUTDOWN_TIMEOUT_MS = "20000"
          PORT                = tostring(group.value.http_port)
        }, group.value.env)

        service {
          name     = "lv-${group.key}"
          port     = "health"
          provider = "nomad"

          check {
            type     = "http"
            path     = "/readyz"
            interval = "10s"
            timeout  = "2s"
          }
        }

        resources {
          cpu    = 500
          memory = 512
        }
      }
    }
  }
}
