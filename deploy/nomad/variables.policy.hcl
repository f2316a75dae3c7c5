# Lets the NATS job read the user passwords in the variable nomad/jobs/licence-verify (read only; a job reads
# only its own nomad/jobs/<job> by default). The migrations need no policy: they run as a prestart task of the
# licence-verify job itself.
#   nomad acl policy apply -namespace default -job nats nats-vars variables.policy.hcl
namespace "default" {
  variables {
    path "nomad/jobs/licence-verify" {
      capabilities = ["read"]
    }
  }
}
