job "lv-exporter" {
  type = "service"

  group "exporter" {
    count = 1

    network {
      port "health" {}

    }

    task "exporter" {
      driver = "exec"

      config {
        command = "bun"
        args    = ["services/exporter/src/main.ts"]
      }

      template {
        destination = "secrets/env"
        env         = true
        data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}
DATABASE_URL={{ .DATABASE_URL }}
NATS_URL={{ .NATS_URL }}
WEBHOOK_SECRET_KEY={{ .WEBHOOK_SECRET_KEY }}
{{ end }}
EOT
      }

      env {
        HEALTH_PORT = "${NOMAD_PORT_health}"
        LOG_LEVEL   = "info"

      }

      service {
        name     = "lv-health"
        port     = "health"
        provider = "nomad"

        check {
          type     = "http"
          path     = "/readyz"
          interval = "10s"
          timeout  = "2s"
        }
      }

      kill_timeout = "30s"

      resources {
        cpu    = 500
        memory = 512
      }
    }
  }
}
