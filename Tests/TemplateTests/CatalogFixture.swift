import VantageCore

@testable import Template

/// A String Catalog as Xcode writes it, covering plural variations, substitutions, fallback,
/// stale, empty, untranslated and device entries, used by the localisation tests.
enum CatalogFixture {
    static let json = #"""
{
  "sourceLanguage": "en",
  "strings": {
    "Cancel": {},
    "brand": {
      "localizations": {
        "fr": {
          "stringUnit": {
            "state": "translated",
            "value": "La Marque"
          }
        }
      },
      "shouldTranslate": false
    },
    "comments": {
      "comment": "Number of comments under a quote",
      "extractionState": "manual",
      "localizations": {
        "ar": {
          "variations": {
            "plural": {
              "few": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld تعليقات"
                }
              },
              "many": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld تعليقًا"
                }
              },
              "one": {
                "stringUnit": {
                  "state": "translated",
                  "value": "تعليق واحد"
                }
              },
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld تعليق"
                }
              },
              "two": {
                "stringUnit": {
                  "state": "translated",
                  "value": "تعليقان"
                }
              },
              "zero": {
                "stringUnit": {
                  "state": "translated",
                  "value": "لا تعليقات"
                }
              }
            }
          }
        },
        "en": {
          "variations": {
            "plural": {
              "one": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld comment"
                }
              },
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld comments"
                }
              },
              "zero": {
                "stringUnit": {
                  "state": "translated",
                  "value": "No comments"
                }
              }
            }
          }
        },
        "fr": {
          "variations": {
            "plural": {
              "many": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld de commentaires"
                }
              },
              "one": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld commentaire"
                }
              },
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld commentaires"
                }
              }
            }
          }
        },
        "ja": {
          "variations": {
            "plural": {
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld 件のコメント"
                }
              }
            }
          }
        },
        "pt": {
          "variations": {
            "plural": {
              "one": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld observação"
                }
              },
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld observações"
                }
              }
            }
          }
        },
        "pt-BR": {
          "variations": {
            "plural": {
              "one": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld comentário"
                }
              },
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld comentários"
                }
              }
            }
          }
        },
        "ru": {
          "variations": {
            "plural": {
              "few": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld комментария"
                }
              },
              "many": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld комментариев"
                }
              },
              "one": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld комментарий"
                }
              },
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "%lld комментария"
                }
              }
            }
          }
        }
      }
    },
    "device_label": {
      "localizations": {
        "en": {
          "variations": {
            "device": {
              "iphone": {
                "stringUnit": {
                  "state": "translated",
                  "value": "Tap"
                }
              },
              "other": {
                "stringUnit": {
                  "state": "translated",
                  "value": "Click"
                }
              }
            }
          }
        }
      }
    },
    "greeting": {
      "extractionState": "manual",
      "localizations": {
        "ar": {
          "stringUnit": {
            "state": "translated",
            "value": "مرحبًا، %@!"
          }
        },
        "en": {
          "stringUnit": {
            "state": "translated",
            "value": "Hello, %@!"
          }
        },
        "fr": {
          "stringUnit": {
            "state": "translated",
            "value": "Bonjour, %@ !"
          }
        },
        "ja": {
          "stringUnit": {
            "state": "translated",
            "value": "こんにちは、%@さん！"
          }
        },
        "pt": {
          "stringUnit": {
            "state": "translated",
            "value": "Olá, %@!"
          }
        },
        "ru": {
          "stringUnit": {
            "state": "translated",
            "value": "Привет, %@!"
          }
        }
      }
    },
    "needs_translation": {
      "extractionState": "manual",
      "localizations": {
        "en": {
          "stringUnit": {
            "state": "translated",
            "value": "Settings"
          }
        },
        "fr": {
          "stringUnit": {
            "state": "new",
            "value": "Settings"
          }
        },
        "ja": {
          "stringUnit": {
            "state": "needs_review",
            "value": "設定"
          }
        },
        "ru": {
          "stringUnit": {
            "state": "translated",
            "value": ""
          }
        }
      }
    },
    "old_heading": {
      "extractionState": "stale",
      "localizations": {
        "en": {
          "stringUnit": {
            "state": "translated",
            "value": "Old heading"
          }
        },
        "fr": {
          "stringUnit": {
            "state": "translated",
            "value": "Ancien titre"
          }
        }
      }
    },
    "percent": {
      "localizations": {
        "en": {
          "stringUnit": {
            "state": "translated",
            "value": "%lld%% done, %.1f hours left"
          }
        },
        "fr": {
          "stringUnit": {
            "state": "translated",
            "value": "%lld %% fait, %.1f heures restantes"
          }
        }
      }
    },
    "photos_added": {
      "extractionState": "manual",
      "localizations": {
        "ar": {
          "stringUnit": {
            "state": "translated",
            "value": "أضاف %1$@ %#@photos@ إلى %2$@"
          },
          "substitutions": {
            "photos": {
              "argNum": 3,
              "formatSpecifier": "lld",
              "variations": {
                "plural": {
                  "few": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg صور"
                    }
                  },
                  "many": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg صورة"
                    }
                  },
                  "one": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "صورة واحدة"
                    }
                  },
                  "other": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg صورة"
                    }
                  },
                  "two": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "صورتين"
                    }
                  },
                  "zero": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "لا صور"
                    }
                  }
                }
              }
            }
          }
        },
        "en": {
          "stringUnit": {
            "state": "translated",
            "value": "%1$@ added %#@photos@ to %2$@"
          },
          "substitutions": {
            "photos": {
              "argNum": 3,
              "formatSpecifier": "lld",
              "variations": {
                "plural": {
                  "one": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg photo"
                    }
                  },
                  "other": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg photos"
                    }
                  }
                }
              }
            }
          }
        },
        "fr": {
          "stringUnit": {
            "state": "translated",
            "value": "%1$@ a ajouté %#@photos@ à %2$@"
          },
          "substitutions": {
            "photos": {
              "argNum": 3,
              "formatSpecifier": "lld",
              "variations": {
                "plural": {
                  "many": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg de photos"
                    }
                  },
                  "one": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg photo"
                    }
                  },
                  "other": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg photos"
                    }
                  }
                }
              }
            }
          }
        },
        "ja": {
          "stringUnit": {
            "state": "translated",
            "value": "%1$@さんが%2$@に%#@photos@を追加しました"
          },
          "substitutions": {
            "photos": {
              "argNum": 3,
              "formatSpecifier": "lld",
              "variations": {
                "plural": {
                  "other": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg 枚の写真"
                    }
                  }
                }
              }
            }
          }
        },
        "pt-BR": {
          "stringUnit": {
            "state": "translated",
            "value": "%1$@ adicionou %#@photos@ a %2$@"
          },
          "substitutions": {
            "photos": {
              "argNum": 3,
              "formatSpecifier": "lld",
              "variations": {
                "plural": {
                  "many": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg de fotos"
                    }
                  },
                  "one": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg foto"
                    }
                  },
                  "other": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg fotos"
                    }
                  }
                }
              }
            }
          }
        },
        "ru": {
          "stringUnit": {
            "state": "translated",
            "value": "%1$@ добавил(а) %#@photos@ в %2$@"
          },
          "substitutions": {
            "photos": {
              "argNum": 3,
              "formatSpecifier": "lld",
              "variations": {
                "plural": {
                  "few": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg фото"
                    }
                  },
                  "many": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg фото"
                    }
                  },
                  "one": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg фото"
                    }
                  },
                  "other": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg фото"
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "unread": {
      "extractionState": "manual",
      "localizations": {
        "en": {
          "stringUnit": {
            "state": "translated",
            "value": "%#@count@ for %@"
          },
          "substitutions": {
            "count": {
              "argNum": 1,
              "formatSpecifier": "lld",
              "variations": {
                "plural": {
                  "one": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "one unread quote"
                    }
                  },
                  "other": {
                    "stringUnit": {
                      "state": "translated",
                      "value": "%arg unread quotes"
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  },
  "version": "1.0"
}
"""#
}

extension CatalogFixture {
    /// A catalog from JSON text (the tests' own catalogs, in Xcode's layout).
    static func catalog(_ json: String, file: String = "Localizable.xcstrings") throws -> StringCatalog {
        try StringCatalog(json: try JSONParser.parse(Array(json.utf8), file: file), file: file)
    }
}
